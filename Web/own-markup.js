// Binds a page that was not written for formrules.js: elements are named in the options,
// the checklist is drawn here from the binding's state, and the toggle uses RevealToggle.
import { bindForm, RevealToggle, SubmitError, STRINGS } from "./formrules.js";

const form = document.querySelector("form.signin");
const needs = document.getElementById("needs");
const choice = document.getElementById("lang-choice");
const texts = {
  en: { show: "Show", hide: "Hide", title: "Members' page", lang: "Language", mail: "Email address", secret: "Your password", go: "Log in", needs: "Password requirements", done: "Welcome!" },
  ja: { show: "表示", hide: "非表示", title: "会員ページ", lang: "言語", mail: "メールアドレス", secret: "パスワード", go: "ログイン", needs: "パスワードの条件", done: "ようこそ。" },
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
    document.getElementById("done").textContent = texts[b.locale].done;
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
  for (const [id, key] of [["title", "title"], ["lang-label", "lang"], ["mail-label", "mail"], ["secret-label", "secret"], ["go", "go"]]) {
    document.getElementById(id).textContent = t[key];
  }
  const done = document.getElementById("done");
  if (done.textContent) done.textContent = t.done;
  if (binding.loading || binding.generalError) done.textContent = "";
  needs.setAttribute("aria-label", t.needs);
  const words = STRINGS[binding.locale];
  const busy = binding.loading ? words.loading : binding.stale ? words.notChecked : binding.pending ? words.checking : "";
  document.getElementById("busy").textContent = busy;
  // The checklist as the binding's state gives it: neutral until the password is edited,
  // `required` left out (it is not a requirement of a password), an unmet recommendation a warning.
  const items = binding.state.fields.password.checklist.filter((item) => item.code !== "required");
  const spoken = { neutral: "", met: words.met, unmet: words.unmet, recommended: words.recommendedUnmet };
  needs.replaceChildren(
    ...items.map((item) => {
      const li = document.createElement("li");
      li.className = { neutral: "todo", met: "ok", unmet: "no", recommended: "soft" }[item.state];
      li.dataset.met = String(item.met);
      li.dataset.state = item.state;
      const status = document.createElement("span");
      status.className = "formrules-sr";
      status.textContent = spoken[item.state];
      li.append(item.text, status);
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
