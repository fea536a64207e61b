// The demo pages' own script: page words in ja and en, the language switch, and the submit
// actions. Everything about the rules comes from formrules.js and the server. The submit
// buttons are the catalog's `ui.logIn` / `ui.signUp` (Tests/FormRulesUITests/UIWordsTests).
import { bindForm, SubmitError, STRINGS } from "./formrules.js";

const WORDS = {
  ja: {
    brand: "form-rules デモ",
    language: "言語",
    "login.title": "ログイン",
    "login.heading": "ログイン",
    "login.submit": "ログイン",
    "login.demo": "デモ用アカウント：demo@example.jp／パスワード：demo-pass-2024",
    "login.toSignup": "アカウントを作成する",
    "login.done": "ログインしました（デモのため、ここで終わりです）。",
    "signup.title": "アカウント作成",
    "signup.heading": "アカウント作成",
    "signup.requirements": "パスワードの条件",
    "signup.submit": "登録する",
    "signup.toLogin": "ログイン画面へ戻る",
    "signup.done": "入力内容に問題はありません（デモのため、アカウントは作成されません）。",
    loading: "送信中です…",
  },
  en: {
    brand: "form-rules demo",
    language: "Language",
    "login.title": "Log in",
    "login.heading": "Log in",
    "login.submit": "Log in",
    "login.demo": "Demo account: demo@example.jp / password: demo-pass-2024",
    "login.toSignup": "Create an account",
    "login.done": "You are logged in (this is a demo; it ends here).",
    "signup.title": "Create an account",
    "signup.heading": "Create an account",
    "signup.requirements": "Password requirements",
    "signup.submit": "Sign up",
    "signup.toLogin": "Back to log in",
    "signup.done": "Everything checks out (this is a demo; no account is created).",
    loading: "Sending…",
  },
};

const form = document.querySelector("form[data-formrules]");
const page = form.dataset.demo;
// The success line and the status line are live regions outside the form (which is aria-busy
// while loading).
const success = document.querySelector("[data-demo-success]");
const status = document.querySelector("[data-demo-status]");

function initialLocale() {
  const fromURL = new URLSearchParams(location.search).get("lang");
  if (fromURL) return fromURL;
  for (const tag of navigator.languages || []) {
    const language = tag.toLowerCase().split("-")[0];
    if (language in WORDS) return language;
  }
  return document.documentElement.lang || "ja";
}

let binding;

function applyWords(locale) {
  const words = WORDS[locale] || WORDS.ja;
  document.documentElement.lang = locale;
  for (const element of document.querySelectorAll("[data-text]")) {
    element.textContent = words[element.dataset.text] ?? element.textContent;
  }
  // The title and heading are the rules file's `title` (GET /v1/rules/{name}) once the binding
  // has loaded it; WORDS holds the same words for the moment before.
  const title = binding?.rules?.title?.[locale];
  if (title) {
    document.title = title;
    for (const heading of document.querySelectorAll(`[data-text="${page}.heading"]`)) heading.textContent = title;
  }
  for (const element of document.querySelectorAll("[data-text-aria-label]")) {
    element.setAttribute("aria-label", words[element.dataset.textAriaLabel]);
  }
  for (const button of document.querySelectorAll(".lang-switch [data-lang]")) {
    button.setAttribute("aria-pressed", button.dataset.lang === locale ? "true" : "false");
  }
  for (const link of document.querySelectorAll("a[href]")) {
    const url = new URL(link.getAttribute("href"), location.href);
    if (url.origin !== location.origin) continue;
    url.searchParams.set("lang", locale);
    link.setAttribute("href", url.pathname + url.search);
  }
  if (success.textContent) success.textContent = words[`${page}.done`];
}

async function switchLanguage(locale) {
  applyWords(locale);
  const url = new URL(location.href);
  url.searchParams.set("lang", locale);
  history.replaceState(null, "", url);
  await binding.setLocale(locale);
}

async function login(values, form) {
  const response = await fetch(`/demo/login?locale=${encodeURIComponent(form.locale)}`, {
    method: "POST",
    cache: "no-store",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/problem+json, application/json" },
    body: JSON.stringify({ email: values.email, password: values.password }),
  });
  if (response.ok) return;
  let problem = {};
  try {
    problem = await response.json();
  } catch {
    // not JSON: the code below picks server.error
  }
  throw new SubmitError(problem.code || (response.status >= 500 ? "server.error" : "unknown"), problem.detail);
}

async function start() {
  const locale = initialLocale();
  applyWords(locale);
  binding = await bindForm(form, {
    locale,
    async onSubmit(values, formBinding) {
      if (page === "login") await login(values, formBinding);
      success.textContent = WORDS[formBinding.locale][`${page}.done`];
    },
  });
  applyWords(binding.locale);
  binding.addEventListener("statechange", () => {
    const words = WORDS[binding.locale] || WORDS.ja;
    const module = STRINGS[binding.locale] || STRINGS.en;
    // Near the button: sending, else a failed live check, else a slow one.
    const text = binding.loading ? words.loading : binding.stale ? module.notChecked : binding.pending ? module.checking : "";
    if (status.textContent !== text) status.textContent = text;
    if ((binding.loading || binding.generalError) && success.textContent) success.textContent = "";
  });
  for (const button of document.querySelectorAll(".lang-switch [data-lang]")) {
    button.addEventListener("click", () => switchLanguage(button.dataset.lang));
  }
  // For tests and curious readers: the binding is on the form element.
  form.formrules = binding;
  document.documentElement.dataset.ready = "true";
}

// A binding that cannot load its rules has already shown the catalog's network.offline or
// server.error in the general error box (and keeps the form from submitting); the developer's
// detail goes to the console.
start().catch((error) => console.warn(error.detail || error.message));
