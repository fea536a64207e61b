// Binds a page that was not written for formrules.js: elements are named in the options,
// the checklist is drawn here from the binding's state, and the toggle uses RevealToggle.
import { bindForm, RevealToggle, SubmitError, STRINGS } from "./formrules.js";

const form = document.querySelector("form.signin");
const needs = document.getElementById("needs");
const choice = document.getElementById("lang-choice");
const texts = {
  en: { show: "Show", hide: "Hide", title: "Members area", lang: "Language", mail: "Your e-mail", secret: "Your password", go: "Enter", needs: "Password requirements", busy: "Checking…", done: "Welcome in." },
  ja: { show: "表示", hide: "非表示", title: "会員エリア", lang: "言語", mail: "メール", secret: "パスワード", go: "入る", needs: "パスワードの条件", busy: "確認中です…", done: "ようこそ。" },
};

const binding = await bindForm(form, {
  rules: "login",
  locale: new URLSearchParams(location.search).get("lang") || "en",
  generalError: document.getElementById("oops"),
  debounce: 150,
  checklistFields: ["password"],
  async onSubmit(values, b) {
    const response = await fetch(`/demo/login?locale=${b.locale}`, {
      method: "POST",
      cache: "no-store",
      headers: { "Content-Type": "application/json", Accept: "application/problem+json" },
      body: JSON.stringify(values),
    });
    if (!response.ok) {
      const problem = await response.json().catch(() => ({}));
      throw new SubmitError(problem.code || "unknown", problem.detail);
    }
    document.getElementById("done").hidden = false;
  },
});
choice.value = binding.locale;

const secret = document.getElementById("user-secret");
const peek = new RevealToggle(document.getElementById("peek"), secret, () => {
  const words = STRINGS[binding.locale];
  const label = texts[binding.locale].secret;
  return { show: words.show(label), hide: words.hide(label) };
});

function draw() {
  const t = texts[binding.locale];
  document.documentElement.lang = binding.locale;
  for (const [id, key] of [["title", "title"], ["lang-label", "lang"], ["mail-label", "mail"], ["secret-label", "secret"], ["go", "go"], ["done", "done"]]) {
    document.getElementById(id).textContent = t[key];
  }
  needs.setAttribute("aria-label", t.needs);
  document.getElementById("busy").textContent = binding.loading ? t.busy : "";
  const items = binding.checklist("password");
  needs.replaceChildren(
    ...items.map((item) => {
      const li = document.createElement("li");
      li.className = item.met ? "ok" : "no";
      li.dataset.met = String(item.met);
      li.textContent = item.text + (item.met ? STRINGS[binding.locale].met : STRINGS[binding.locale].unmet);
      return li;
    }),
  );
  peek.refresh();
  drawPeek();
}
// The visible word is part of the accessible name ("Show" in "Show your password").
function drawPeek() {
  peek.button.textContent = texts[binding.locale][peek.revealed ? "hide" : "show"];
}
peek.button.addEventListener("click", drawPeek);
secret.setAttribute("aria-describedby", `${secret.getAttribute("aria-describedby") || ""} needs`.trim());
binding.addEventListener("statechange", draw);
draw();
choice.addEventListener("change", async () => {
  await binding.setLocale(choice.value);
  draw();
});
form.formrules = binding;
document.documentElement.dataset.ready = "true";
