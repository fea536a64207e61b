// formrules.js — bind a page's own <form> to a rules file served by `validate serve`.
//
// An ES module with no dependencies and no build step. The page keeps its markup; the
// binding finds each rules-file field by its `name`, applies the HTML export's attributes,
// asks the server for a field's messages and checklist while the person types (debounced)
// and when the field loses focus, shows them with FormModel's display policy (quiet while a
// field is first typed, shown once it loses focus, every field after a submit attempt),
// and submits through the validate endpoint.
//
//   import { bindForm } from "/formrules.js";
//   const binding = await bindForm(document.querySelector("form"), { rules: "signup" });
//   binding.addEventListener("statechange", () => console.log(binding.valid));
//
// Values travel only to the server the module was loaded from (or `base`), in POST bodies,
// with `cache: "no-store"`; nothing here logs or stores a value. See docs/web.md.

/** The seed's shake (Sources/FormRulesUI/ShakeAnimation.swift): offsets in px, durations in s. */
export const SHAKE_KEYFRAMES = Object.freeze([
  Object.freeze({ offset: 5, duration: 0.2 }),
  Object.freeze({ offset: -5, duration: 0.1 }),
  Object.freeze({ offset: 5, duration: 0.1 }),
  Object.freeze({ offset: -5, duration: 0.1 }),
  Object.freeze({ offset: 5, duration: 0.1 }),
  Object.freeze({ offset: 0, duration: 0.2 }),
]);

/** When messages show: the same three policies as `ErrorDisplayPolicy`. */
export const DISPLAY_POLICIES = Object.freeze({
  standard: Object.freeze({ whileFirstEditing: false, afterFocusLost: true, afterSubmit: true }),
  live: Object.freeze({ whileFirstEditing: true, afterFocusLost: true, afterSubmit: true }),
  afterSubmit: Object.freeze({ whileFirstEditing: false, afterFocusLost: false, afterSubmit: true }),
});

/**
 * The few words the module itself puts on screen, per language: the catalog's `ui.*` words and `page.*` sentences
 * words (Sources/FormRules/Render/Messages/PageWords.swift; a browser test compares them).
 */
export const STRINGS = Object.freeze({
  ja: Object.freeze({
    show: (label) => `${label}を表示`,
    hide: (label) => `${label}を非表示`,
    met: "（満たしています）",
    unmet: "（満たしていません）",
    notCheckedYet: "（まだ確認していません）",
    recommendedUnmet: "（推奨：満たしていません）",
    loading: "送信中です…",
    checking: "確認中…",
    notChecked: "入力内容を確認できませんでした。接続が戻ると、もう一度確認します。",
    checklistSummary: (label) => `${label}が条件を満たしていません。下の条件を確認してください。`,
    checklistSummaryInline: "条件を満たしていません。下の条件を確認してください。",
    errorTitlePrefix: "エラー：",
  }),
  en: Object.freeze({
    show: (label) => `Show ${lowerFirst(label)}`,
    hide: (label) => `Hide ${lowerFirst(label)}`,
    met: " (met)",
    unmet: " (not met)",
    notCheckedYet: " (not checked yet)",
    recommendedUnmet: " (recommended, not met)",
    loading: "Sending…",
    checking: "Checking…",
    notChecked: "Your entries could not be checked. They will be checked again when the connection is back.",
    checklistSummary: (label) => `${label} does not meet the requirements below.`,
    checklistSummaryInline: "Does not meet the requirements below.",
    errorTitlePrefix: "Error: ",
  }),
});

/**
 * General messages the page must be able to show without the server: when the server cannot
 * be reached there is nobody to ask. The same texts as the library's catalog
 * (Sources/FormRules/Render/Messages/GeneralMessages.swift; a test compares them).
 */
export const OFFLINE_MESSAGES = Object.freeze({
  ja: Object.freeze({
    "network.offline": "ネットワークに接続できません。接続を確認してもう一度お試しください。",
    "server.error": "サーバーでエラーが発生しました。しばらくしてからもう一度お試しください。",
    unknown: "エラーが発生しました。もう一度お試しください。",
  }),
  en: Object.freeze({
    "network.offline": "You appear to be offline. Check your connection and try again.",
    "server.error": "Something went wrong on our side. Please try again later.",
    unknown: "Something went wrong. Please try again.",
  }),
});

/** How long a live check may take before the binding says it is checking (ms). */
export const PENDING_AFTER_MS = 300;

function lowerFirst(text) {
  // "Password" → "password", but "PIN" stays "PIN".
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

/**
 * The shake as Web Animations keyframes: the seed's cubic Hermite curve with Catmull-Rom
 * tangents and zero slope at both ends, sampled every `step` seconds. Every knot
 * (5, −5, 5, −5, 5, 0 at 0.2, 0.3, 0.4, 0.5, 0.6, 0.8 s) is a sample, so the track passes
 * exactly through the seed's keyframes; between them it follows the same curve.
 * @returns {{keyframes: Keyframe[], duration: number}} duration in milliseconds
 */
export function shakeKeyframes(step = 0.02) {
  const knots = [0];
  const values = [0];
  for (const frame of SHAKE_KEYFRAMES) {
    knots.push(knots[knots.length - 1] + frame.duration);
    values.push(frame.offset);
  }
  const end = knots[knots.length - 1];
  const slope = (i) =>
    i === 0 || i === knots.length - 1 ? 0 : (values[i + 1] - values[i - 1]) / (knots[i + 1] - knots[i - 1]);
  const at = (time) => {
    const hit = knots.findIndex((k) => Math.abs(k - time) < 1e-9);
    if (hit >= 0) return values[hit];
    const upper = knots.findIndex((k) => k > time);
    const lower = upper - 1;
    const span = knots[upper] - knots[lower];
    const s = (time - knots[lower]) / span;
    const s2 = s * s;
    const s3 = s2 * s;
    return (
      (2 * s3 - 3 * s2 + 1) * values[lower] +
      (s3 - 2 * s2 + s) * span * slope(lower) +
      (-2 * s3 + 3 * s2) * values[upper] +
      (s3 - s2) * span * slope(upper)
    );
  };
  const steps = Math.round(end / step);
  const keyframes = [];
  for (let i = 0; i <= steps; i += 1) {
    const time = Math.min(i * step, end);
    const x = Math.round(at(time) * 1000) / 1000;
    keyframes.push({ transform: `translateX(${x}px)`, offset: time / end });
  }
  return { keyframes, duration: Math.round(end * 1000) };
}

/** An error a submit action throws to show a message above the form. */
export class SubmitError extends Error {
  /**
   * @param {string} code a catalog code such as `auth.invalidCredentials`
   * @param {string} [message] the text to show, already in the form's language (the server's
   *   problem `detail`); without it the rules file's catalog is asked, then `unknown`.
   */
  constructor(code, message) {
    super(message || code);
    this.name = "SubmitError";
    this.code = code;
    this.text = message || null;
  }
}

/** Binds `form` to a served rules file and resolves once the rules are loaded and drawn. */
export async function bindForm(form, options = {}) {
  const binding = new FormBinding(form, options);
  await binding.ready;
  return binding;
}

let uniqueCounter = 0;

/**
 * The binding of one form. Events (on the binding, and as `formrules:<name>` on the form):
 * - `statechange`: anything in `state` changed;
 * - `submitfailed`: a submit attempt found the form invalid (`detail.field`: the field focused);
 * - `submitted`: the submit action ran and did not throw.
 */
export class FormBinding extends EventTarget {
  /**
   * @param {HTMLFormElement} form
   * @param {object} options
   * @param {string} [options.rules] the rules name (default: the form's `data-formrules`)
   * @param {string} [options.locale] `ja`, `en`… (default: `<html lang>`, then the file's default)
   * @param {string} [options.base] the server's origin and path prefix (default: the folder
   *   formrules.js was loaded from)
   * @param {number} [options.debounce] milliseconds of quiet typing before asking the server (250)
   * @param {"standard"|"live"|"afterSubmit"|object} [options.displayPolicy]
   * @param {(values: object, binding: FormBinding) => Promise<void>} [options.onSubmit] the submit
   *   action, run with `loading` set once the server found the values valid; throw a `SubmitError`
   *   to show a general error (one whose code starts with `auth.` is a refusal: the form shakes
   *   and focus goes to the password with its text selected). Without it the form is submitted
   *   natively (its `method` should be `post`).
   * @param {Object<string, Element>} [options.messages] where each field's messages go
   * @param {Object<string, Element>} [options.checklists] where each field's checklist goes
   * @param {string[]} [options.checklistFields] fields whose checklist is kept in `state` even
   *   though no element shows it (a page that draws its own)
   * @param {Element} [options.generalError] where the general error goes
   * @param {Element} [options.liveRegion] the polite live region announcing messages
   * @param {boolean|Element} [options.shake] shake on a failed or refused submit (true: the form)
   * @param {boolean} [options.applyAttributes] fill in the HTML export's attributes the page did
   *   not write itself (true)
   * @param {boolean} [options.render] render messages and checklists into the page (true)
   * @param {boolean} [options.titlePrefix] prefix the page title with 「エラー：」 / "Error: "
   *   while a failed submit's errors show (true)
   */
  constructor(form, options = {}) {
    super();
    if (!(form instanceof HTMLFormElement)) throw new TypeError("bindForm needs a <form> element");
    this.form = form;
    this.options = options;
    this.rulesName = options.rules || form.dataset.formrules;
    if (!this.rulesName) throw new TypeError("bindForm needs a rules name (options.rules or data-formrules)");
    this.base = (options.base ?? new URL(".", import.meta.url).href.replace(/\/$/, "")).replace(/\/$/, "");
    this.debounceMs = options.debounce ?? 250;
    const policy = options.displayPolicy ?? "standard";
    this.displayPolicy = typeof policy === "string" ? DISPLAY_POLICIES[policy] : policy;
    if (!this.displayPolicy) throw new TypeError(`unknown display policy ${policy}`);
    this.id = `fr${(uniqueCounter += 1)}`;
    this.fieldNames = [];
    this.fields = new Map();
    this.bound = false;
    this.loading = false;
    this.generalError = null;
    this.shakeCount = 0;
    this.valid = false;
    this.destroyed = false;
    this.seq = 0; // every live request, in order
    this.applied = 0; // the newest request whose answer was applied
    this.reportEdits = -1; // the edit count the applied report was computed for
    this.reportKey = null; // the values it was computed from
    this.pendingCommit = false; // a blur or submit waits for a report of the current values
    this.submitFailed = false; // a submit attempt found errors and they still show
    this.stale = false; // the last live check failed: shown messages may be about older values
    this.pending = false; // a live check has taken longer than PENDING_AFTER_MS
    this.pendingTimer = null;
    this.inFlight = 0;
    this.edits = 0; // counts edits: an answer about older values never replaces a newer one
    this.handlers = [];
    this.locale = earlyLocale(options.locale || document.documentElement.lang || "");
    // Guard the form before anything is awaited: until the rules are bound, Enter or a click
    // must not send the form natively (by GET, values would land in the URL).
    this.on(form, "submit", (event) => {
      if (this.nativeSubmit) return;
      event.preventDefault();
      // The Return that confirms an IME conversion is not a submit.
      if ([...this.fields.values()].some((f) => f.composing)) return;
      if (this.bound) this.submit();
      else this.notBound();
    });
    this.gateButtons();
    this.ready = this.load(options.locale);
  }

  on(target, type, handler, options) {
    target.addEventListener(type, handler, options);
    this.handlers.push(() => target.removeEventListener(type, handler, options));
  }

  /** The submit buttons, gated with aria-disabled (never `disabled`, which drops focus). */
  submitButtons() {
    if (this.options.manageSubmit === false) return [];
    return [...this.form.querySelectorAll('button[type="submit"], button:not([type]), input[type="submit"]')];
  }

  gateButtons() {
    for (const button of this.submitButtons()) {
      button.setAttribute("aria-disabled", this.bound && this.submitEnabled ? "false" : "true");
      // The markup starts disabled so that nothing submits before the module runs (or without
      // JavaScript); from here the guard above decides.
      if (button.disabled) button.disabled = false;
    }
  }

  // ---------------------------------------------------------------- loading the rules

  async load(requestedLocale) {
    for (;;) {
      try {
        const response = await fetch(`${this.base}/v1/rules/${encodeURIComponent(this.rulesName)}`, {
          credentials: "same-origin",
          headers: { Accept: "application/json" },
        });
        if (!response.ok) {
          const error = new Error(`formrules: GET rules "${this.rulesName}" answered ${response.status}`);
          error.status = response.status;
          throw error;
        }
        this.rules = await response.json();
        break;
      } catch (error) {
        if (this.destroyed) throw error;
        // The person sees the catalog's words; the developer's detail goes to the console.
        const code = error instanceof TypeError ? "network.offline" : "server.error";
        this.loadError = code;
        this.showUnboundError();
        console.warn(error.message);
        if (error.status >= 400 && error.status < 500) {
          const failure = new Error(this.catalogMessage(code));
          failure.code = code;
          failure.detail = error.message;
          throw failure;
        }
        await this.nextRetry();
      }
    }
    this.loadError = null;
    this.locales = this.rules.locales || Object.keys(firstLabelMap(this.rules)) || [];
    this.locale = this.negotiate(requestedLocale || document.documentElement.lang || "");
    const descriptions = fieldDescriptions(this.rules);
    for (const [name, description] of descriptions) {
      const control = this.form.elements.namedItem(name);
      const input = control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement ? control : null;
      this.fieldNames.push(name);
      this.fields.set(name, {
        name,
        description,
        input,
        edited: false,
        lostFocus: false,
        submitted: false,
        composing: false,
        messages: [], // every failure of the last report: {code, severity, text, spoken, suggestion}
        display: [], // what shows under the field now (see commit and reconcile)
        valid: false,
        checklist: [],
        checklistSeq: 0,
        timer: null,
        messageBox: null,
        checklistBox: null,
        revealButtons: [],
      });
      if (!input) console.warn(`formrules: the form has no input named "${name}"; it is validated as empty`);
    }
    if (this.options.applyAttributes !== false) this.applyAttributes();
    this.attachElements();
    this.listen();
    this.form.noValidate = this.options.noValidate ?? true;
    this.generalError = null;
    this.bound = true;
    this.render();
    await this.refresh();
    return this;
  }

  /** Resolves on the next chance to try again: back online, the window or form focused, or a submit attempt. */
  nextRetry() {
    return new Promise((resolve) => {
      const done = () => {
        window.removeEventListener("online", done);
        window.removeEventListener("focus", done);
        this.form.removeEventListener("focusin", done);
        this.retryNow = null;
        resolve();
      };
      window.addEventListener("online", done);
      window.addEventListener("focus", done);
      this.form.addEventListener("focusin", done);
      this.retryNow = done;
    });
  }

  /** A submit attempt before the rules are bound: say why nothing happens, and try again. */
  notBound() {
    if (!this.loadError) return;
    this.showUnboundError();
    this.retryNow?.();
  }

  showUnboundError() {
    const box = this.options.generalError || this.find("[data-formrules-general]");
    if (!box) return;
    if (!box.getAttribute("role")) box.setAttribute("role", "alert");
    setText(box, this.catalogMessage(this.loadError));
    box.hidden = false;
  }

  /** An element of the form, or of the element around it (live regions sit outside the form). */
  find(selector) {
    return this.form.querySelector(selector) || this.form.parentElement?.querySelector(selector) || null;
  }

  negotiate(tag) {
    const available = this.locales.length ? this.locales : ["ja", "en"];
    const wanted = String(tag || "").toLowerCase();
    const exact = available.find((l) => l.toLowerCase() === wanted);
    if (exact) return exact;
    const prefix = available.find((l) => l.toLowerCase() === wanted.split("-")[0]);
    return prefix || this.rules.defaultLocale || available[0];
  }

  /** Switches the language of labels, messages, checklists and the toggle's name. */
  async setLocale(locale) {
    this.locale = this.negotiate(locale);
    this.render();
    await this.refresh();
    // The same messages in the new language: not news, so nothing is announced.
    this.commit({ announce: false });
    this.render();
  }

  /** Asks the server again for the whole report and every drawn checklist. */
  refresh() {
    return this.validateLive(null).catch(() => false);
  }

  // ---------------------------------------------------------------- the page's elements

  /** Fills in the export's attributes the page left out: the page's own markup wins. */
  applyAttributes() {
    for (const field of this.fields.values()) {
      const input = field.input;
      // GET /v1/rules/{name}: `html.attributes` is `validate export --to html` for the field
      // (boolean attributes are true); `html` is null when the field cannot be exported.
      const attributes = field.description.html?.attributes || field.description.attributes || {};
      if (!input) continue;
      for (const [key, value] of Object.entries(attributes)) {
        if (key === "name" || key === "id") continue;
        if (input.hasAttribute(key)) continue; // written by the page (autocomplete="username"…)
        if (value === true || value === "") input.setAttribute(key, "");
        else if (value === false || value === null || value === undefined) continue;
        else input.setAttribute(key, String(value));
      }
    }
  }

  attachElements() {
    const named = (attribute, name) => this.form.querySelector(`[${attribute}="${cssEscape(name)}"]`);
    for (const field of this.fields.values()) {
      const input = field.input;
      if (!input) continue;
      if (!input.id) input.id = `${this.id}-${field.name}`;
      field.messageBox = this.options.messages?.[field.name] || named("data-formrules-messages", field.name);
      if (!field.messageBox && this.options.render !== false) {
        field.messageBox = document.createElement("div");
        field.messageBox.className = "formrules-messages";
        fieldRow(input, this.form).after(field.messageBox);
      }
      field.checklistBox = this.options.checklists?.[field.name] || named("data-formrules-checklist", field.name);
      field.labelElement = named("data-formrules-label", field.name);
      for (const [box, suffix] of [
        [field.messageBox, "messages"],
        [field.checklistBox, "checklist"],
      ]) {
        if (!box) continue;
        if (!box.id) box.id = `${input.id}-${suffix}`;
        addToken(input, "aria-describedby", box.id);
      }
      for (const button of this.form.querySelectorAll(`[data-formrules-reveal="${cssEscape(field.name)}"]`)) {
        field.revealButtons.push(new RevealToggle(button, input, () => this.revealNames(field)));
      }
    }
    this.generalBox = this.options.generalError || this.find("[data-formrules-general]");
    this.liveRegion = this.options.liveRegion || this.find("[data-formrules-live]");
    if (!this.liveRegion && this.options.render !== false) {
      // Outside the form: the form is aria-busy while loading, which may hold back what
      // a live region inside it says.
      this.liveRegion = document.createElement("div");
      this.liveRegion.className = "formrules-live";
      this.form.after(this.liveRegion);
    }
    if (this.liveRegion) {
      this.liveRegion.setAttribute("aria-live", "polite");
      this.liveRegion.setAttribute("aria-atomic", "true");
      if (!this.liveRegion.getAttribute("role")) this.liveRegion.setAttribute("role", "status");
    }
    if (this.generalBox && !this.generalBox.getAttribute("role")) this.generalBox.setAttribute("role", "alert");
  }

  revealNames(field) {
    const words = this.words();
    const label = this.label(field.name);
    return { show: words.show(label), hide: words.hide(label) };
  }

  words() {
    return STRINGS[this.locale] || STRINGS.en;
  }

  listen() {
    const on = (target, type, handler, options) => this.on(target, type, handler, options);
    for (const field of this.fields.values()) {
      const input = field.input;
      if (!input) continue;
      field.lastValue = input.value;
      // An IME's open conversion is not a value yet: nothing is checked or sent until it is
      // committed (compositionend), as Vue's v-model does.
      on(input, "compositionstart", () => {
        field.composing = true;
        clearTimeout(field.timer);
        field.timer = null;
      });
      on(input, "compositionend", () => {
        field.composing = false;
        this.userEdited(field);
      });
      on(input, "input", (event) => {
        if (event.isComposing || field.composing) return;
        this.userEdited(field);
      });
      on(input, "change", () => {
        if (!field.composing) this.userEdited(field);
      });
      on(input, "blur", () => {
        // A window losing focus blurs the input too, but the field still has focus.
        if (document.activeElement === input) return;
        field.lostFocus = true;
        this.pendingCommit = true;
        if (field.timer !== null) this.flushField(field);
        else this.reconcile();
        this.render();
      });
      on(input, "keydown", (event) => {
        // Return submits, as the seed's keyboard does; never while an IME converts.
        if (event.key !== "Enter" || event.isComposing || field.composing || event.keyCode === 229) return;
        if (input instanceof HTMLTextAreaElement) return;
        event.preventDefault();
        this.submit();
      });
    }
    // After a failed live check, try again when the connection is back or the person returns.
    const retry = () => {
      if (this.stale && this.inFlight === 0) this.refresh();
    };
    on(window, "online", retry);
    on(window, "focus", retry);
    on(this.form, "focusin", retry);
  }

  /** Unbinds: removes listeners and pending timers (the page's markup stays). */
  destroy() {
    this.destroyed = true;
    for (const remove of this.handlers || []) remove();
    for (const field of this.fields.values()) {
      clearTimeout(field.timer);
      field.timer = null;
    }
    clearTimeout(this.pendingTimer);
  }

  // ---------------------------------------------------------------- values and validation

  /** The values, one per rules-file field (the request body); an open IME conversion is left out. */
  values() {
    const values = {};
    for (const field of this.fields.values()) {
      values[field.name] = !field.input ? "" : field.composing ? field.lastValue : field.input.value;
    }
    return values;
  }

  userEdited(field) {
    const value = field.input.value;
    if (value === field.lastValue) return;
    field.lastValue = value;
    field.edited = true;
    this.edits += 1;
    // The general error described the values that were sent; once they change it is stale.
    this.generalError = null;
    this.render();
    clearTimeout(field.timer);
    field.timer = setTimeout(() => this.flushField(field), this.debounceMs);
  }

  flushField(field) {
    clearTimeout(field.timer);
    field.timer = null;
    return this.validateLive(field.name).catch(() => false);
  }

  checklistFields() {
    const wanted = this.options.checklistFields || [];
    return this.fieldNames.filter((name) => this.fields.get(name).checklistBox || wanted.includes(name));
  }

  /** No request in flight and no typing waiting for its debounce. */
  get idle() {
    return this.inFlight === 0 && [...this.fields.values()].every((f) => f.timer === null);
  }

  async post(path, values) {
    this.inFlight += 1;
    if (!this.pendingTimer) {
      this.pendingTimer = setTimeout(() => {
        this.pendingTimer = null;
        if (this.inFlight > 0) {
          this.pending = true;
          this.render();
        }
      }, PENDING_AFTER_MS);
    }
    try {
      return await this.send(path, values);
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0) {
        clearTimeout(this.pendingTimer);
        this.pendingTimer = null;
        if (this.pending) {
          this.pending = false;
          this.render();
        }
      }
      if (this.idle) this.emit("idle", {});
    }
  }

  async send(path, values) {
    const response = await fetch(`${this.base}${path}`, {
      method: "POST",
      // Values are sensitive: never cached, never in the URL, never sent cross-origin with cookies.
      cache: "no-store",
      credentials: "same-origin",
      referrerPolicy: "no-referrer",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(values),
    });
    if (response.status !== 200) {
      const error = new Error(`formrules: ${path.split("?")[0]} answered ${response.status}`);
      error.status = response.status;
      throw error;
    }
    return response.json();
  }

  query(extra = {}) {
    const params = new URLSearchParams({ ...extra, locale: this.locale });
    return params.toString();
  }

  /**
   * Asks the live endpoint (`?field=`, which answers 200 whatever the values) for the whole
   * form's verdict, every field's messages and the checklists: one request per checklist
   * field, or one for `name` when the form draws no checklist. Resolves to whether the form
   * passed; throws when the server could not be asked.
   */
  async validateLive(name) {
    const targets = this.checklistFields();
    if (!targets.length) targets.push(name ?? this.fieldNames[0]);
    const results = await Promise.allSettled(targets.map((target) => this.validateOne(target)));
    const failed = results.find((r) => r.status === "rejected");
    if (failed) throw failed.reason;
    return this.valid;
  }

  async validateOne(name) {
    const field = this.fields.get(name);
    const seq = (this.seq += 1);
    const checklistSeq = (field.checklistSeq += 1);
    const edits = this.edits;
    const values = this.values();
    const key = JSON.stringify(values);
    let body;
    try {
      body = await this.post(
        `/v1/rules/${encodeURIComponent(this.rulesName)}/validate?${this.query({ field: name })}`,
        values,
      );
    } catch (error) {
      if (!this.destroyed && seq > this.applied) this.markStale();
      throw error;
    }
    if (this.destroyed) return;
    if (checklistSeq >= field.checklistApplied || !field.checklistApplied) {
      field.checklistApplied = checklistSeq;
      const checklist = readChecklist(body, name);
      if (checklist) field.checklist = checklist;
    }
    if (seq > this.applied && edits >= this.reportEdits) {
      this.applied = seq;
      this.reportEdits = edits;
      this.reportKey = key;
      this.stale = false;
      this.valid = Boolean(body.formValid);
      for (const fieldName of this.fieldNames) {
        const report = readLiveField(body, fieldName);
        if (!report) continue;
        const target = this.fields.get(fieldName);
        target.messages = report.messages;
        target.valid = report.valid;
      }
      this.reconcile();
    }
    this.render();
  }

  /**
   * The last live check failed. Messages computed for values that have changed since are
   * no longer about what is on screen: they go, and the form is not known to be valid.
   */
  markStale() {
    this.stale = true;
    this.valid = false;
    if (this.reportEdits !== this.edits) {
      const reported = this.reportKey ? JSON.parse(this.reportKey) : {};
      const now = this.values();
      for (const field of this.fields.values()) {
        if (reported[field.name] === now[field.name]) continue;
        field.display = [];
        field.messages = [];
        field.valid = false;
      }
      this.reportKey = null;
    }
    this.render();
  }

  // ---------------------------------------------------------------- display policy

  /** Whether a field's messages show now (FormModel's `showsMessages(for:)`). */
  shows(name) {
    const field = this.fields.get(name);
    const policy = this.displayPolicy;
    return (
      (policy.afterSubmit && field.submitted) ||
      (policy.afterFocusLost && field.lostFocus) ||
      (policy.whileFirstEditing && field.edited)
    );
  }

  /**
   * The messages a field presents, from its report: under a field with a drawn checklist,
   * the errors the checklist lists become one summary line, and its unmet recommendations are
   * left to the checklist's warning mark (a strength message stays: it says why and what to try).
   */
  presented(name) {
    const field = this.fields.get(name);
    const messages = field.messages;
    if (!field.checklistBox || !field.checklist.length) return messages;
    const listed = new Set(field.checklist.map((item) => item.code));
    const words = this.words();
    const out = [];
    let summarized = false;
    for (const m of messages) {
      if (!listed.has(m.code) || m.code === "required" || m.suggestion) {
        out.push(m);
      } else if (m.severity !== "warning" && !summarized) {
        summarized = true;
        out.push({
          code: "checklist",
          severity: "error",
          text: words.checklistSummaryInline,
          spoken: words.checklistSummary(this.label(name)),
        });
      }
    }
    return out;
  }

  /**
   * Reward early, punish late: between commits (a blur, a submit) a field's shown messages
   * may only shrink, as errors are fixed; new or changed errors wait for the next commit.
   */
  reconcile() {
    const current = this.reportEdits === this.edits && [...this.fields.values()].every((f) => f.timer === null);
    if (this.pendingCommit && current) {
      this.pendingCommit = false;
      this.commit();
      return;
    }
    for (const name of this.fieldNames) {
      const field = this.fields.get(name);
      // A message stays while the report still says it word for word; one that is fixed (or
      // would now say something else) goes at once; what is new waits for the commit.
      const now = new Map(this.presented(name).map((m) => [m.spoken, m]));
      field.display = this.shows(name) ? field.display.filter((m) => now.has(m.spoken)).map((m) => now.get(m.spoken)) : [];
    }
    if (this.submitFailed && !this.fieldNames.some((n) => this.hasShownError(n))) this.submitFailed = false;
  }

  /** Shows every field's current messages, as the display policy allows, and announces what is new. */
  commit({ quiet = null, announce = true } = {}) {
    const announcements = [];
    for (const name of this.fieldNames) {
      const field = this.fields.get(name);
      const before = new Set(field.display.map((m) => m.spoken));
      field.display = this.shows(name) ? this.presented(name) : [];
      if (name === quiet) continue; // focus is moving there: its description is read anyway
      for (const m of field.display) if (!before.has(m.spoken)) announcements.push(m.spoken);
    }
    if (announce && this.liveRegion && announcements.length) setText(this.liveRegion, announcements.join(" "));
  }

  hasShownError(name) {
    return this.fields.get(name).display.some((m) => m.severity !== "warning");
  }

  /** The messages shown under a field now: none while the display policy keeps it quiet. */
  messages(name) {
    return (this.fields.get(name)?.display || []).map((m) => ({ ...m }));
  }

  /** Every message of the field's last report, whatever the display policy. */
  allMessages(name) {
    return (this.fields.get(name)?.messages || []).map((m) => ({ ...m }));
  }

  /** The field's requirements with met/unmet, live (`required` is not a requirement line). */
  checklist(name) {
    return (this.fields.get(name)?.checklist || []).map((item) => ({ ...item }));
  }

  /**
   * `neutral` until the field is edited (or a submit is attempted), then `met`, `unmet`, `recommended` (an unmet
   * warning) or `notChecked` (a named check, such as "not yet registered", that the server has not run: never met).
   */
  requirementState(name, item) {
    const field = this.fields.get(name);
    if (!field?.edited && !field?.submitted) return "neutral";
    if (item.state === "notChecked") return "notChecked";
    if (item.met) return "met";
    return item.severity === "warning" ? "recommended" : "unmet";
  }

  /** The field's label in the current language. */
  label(name) {
    const labels = this.fields.get(name)?.description.label || {};
    if (typeof labels === "string") return labels;
    return labels[this.locale] ?? labels[this.rules.defaultLocale] ?? Object.values(labels)[0] ?? name;
  }

  /** `valid` and nothing loading: when the submit button looks enabled. */
  get submitEnabled() {
    return this.valid && !this.loading;
  }

  /** A snapshot for pages that render themselves. It never holds a value. */
  get state() {
    const fields = {};
    for (const name of this.fieldNames) {
      const field = this.fields.get(name);
      fields[name] = {
        label: this.label(name),
        valid: field.valid,
        shown: this.shows(name),
        edited: field.edited,
        lostFocus: field.lostFocus,
        submitted: field.submitted,
        messages: this.messages(name),
        allMessages: this.allMessages(name),
        checklist: this.checklist(name).map((item) => ({ ...item, state: this.requirementState(name, item) })),
        sensitive: Boolean(field.description.sensitive),
      };
    }
    return {
      locale: this.locale,
      bound: this.bound,
      valid: this.valid,
      loading: this.loading,
      idle: this.idle,
      pending: this.pending,
      stale: this.stale,
      submitEnabled: this.submitEnabled,
      generalError: this.generalError,
      shakeCount: this.shakeCount,
      fields,
    };
  }

  // ---------------------------------------------------------------- submit

  /**
   * The submit flow of `FormModel.submit(action:)`: nothing while loading; every field's
   * messages show; when the server finds the values invalid, focus moves to the first
   * invalid field (rules-file order) and the form shakes; otherwise the action runs with
   * `loading` set, and a thrown error becomes the general error. A refusal (a `SubmitError`
   * whose code starts with `auth.`) shakes too, and focus goes to the password, selected.
   * @returns {Promise<boolean>} whether the action ran and succeeded
   */
  async submit() {
    if (this.loading || !this.bound) return false;
    for (const field of this.fields.values()) {
      field.submitted = true;
      clearTimeout(field.timer);
      field.timer = null;
    }
    const key = JSON.stringify(this.values());
    if (this.reportKey !== key || this.reportEdits !== this.edits) {
      // The last report is not of these values: ask the server before deciding.
      this.setLoading(true);
      try {
        await this.validateLive(null);
      } catch (error) {
        this.setLoading(false);
        // fetch rejects with a TypeError when the server cannot be reached at all.
        this.generalError = this.catalogMessage(error instanceof TypeError ? "network.offline" : "server.error");
        this.render();
        return false;
      }
      this.setLoading(false);
    }
    const first = this.valid ? null : this.fieldNames.map((n) => this.fields.get(n)).find((f) => !f.valid && f.input);
    this.pendingCommit = false;
    this.commit({ quiet: first?.name ?? null });
    if (!this.valid) {
      this.submitFailed = true;
      this.render();
      if (first) first.input.focus();
      this.shake();
      this.emit("submitfailed", { field: first?.name ?? null });
      return false;
    }
    this.submitFailed = false;
    this.generalError = null;
    this.setLoading(true);
    const edits = this.edits;
    let refused = false;
    try {
      if (this.options.onSubmit) {
        await this.options.onSubmit(this.values(), this);
      } else {
        this.nativeSubmit = true;
        this.form.submit();
      }
      this.emit("submitted", {});
      return true;
    } catch (error) {
      // An answer about values the person has changed since is not shown over the new ones.
      if (this.edits === edits) {
        this.generalError = this.errorMessage(error);
        refused = isRefusal(error);
      }
      return false;
    } finally {
      this.setLoading(false);
      if (refused) this.refused();
    }
  }

  /** A wrong password: the same shake as a failed validation, and the password selected for retyping. */
  refused() {
    this.shake();
    const secret = this.fieldNames.map((n) => this.fields.get(n)).find((f) => f.description.sensitive && f.input);
    const target = secret?.input || this.generalBox;
    if (!target) return;
    if (target === this.generalBox && !target.hasAttribute("tabindex")) target.tabIndex = -1;
    target.focus();
    if (target.select) target.select();
    this.emit("refused", { field: secret?.name ?? null });
  }

  setLoading(loading) {
    this.loading = loading;
    this.render();
  }

  errorMessage(error) {
    if (error && error.name === "AbortError") return null; // cancelled: the user did not fail
    if (error instanceof SubmitError) return error.text || this.catalogMessage(error.code);
    if (error instanceof TypeError) return this.catalogMessage("network.offline"); // fetch failed
    return this.catalogMessage("unknown");
  }

  /**
   * A general message for a code the page has no text for: the few the module must show on
   * its own (`network.offline`, `server.error`), else `unknown`. Messages of the app's own
   * codes come from its server, as the `SubmitError`'s text.
   */
  catalogMessage(code) {
    const table = OFFLINE_MESSAGES[this.locale] || OFFLINE_MESSAGES.en;
    return table[code] || table.unknown;
  }

  /** Plays the seed's shake on the form, unless the person asked for reduced motion. */
  shake() {
    this.shakeCount += 1;
    const setting = this.options.shake ?? true;
    if (!setting) return null;
    if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return null;
    const target = setting instanceof Element ? setting : this.form;
    const { keyframes, duration } = shakeKeyframes();
    return target.animate(keyframes, { duration, easing: "linear", id: "formrules-shake" });
  }

  // ---------------------------------------------------------------- rendering

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
    this.form.dispatchEvent(new CustomEvent(`formrules:${type}`, { detail, bubbles: true }));
  }

  render() {
    if (this.options.render !== false) this.draw();
    this.gateButtons();
    this.drawTitle();
    this.emit("statechange", this.state);
  }

  /** GOV.UK's pattern: while a failed submit's errors show, the title says so first. */
  drawTitle() {
    if (this.options.titlePrefix === false) return;
    let title = document.title;
    for (const words of Object.values(STRINGS)) {
      if (title.startsWith(words.errorTitlePrefix)) title = title.slice(words.errorTitlePrefix.length);
    }
    const wanted = this.submitFailed ? this.words().errorTitlePrefix + title : title;
    if (document.title !== wanted) document.title = wanted;
  }

  draw() {
    const words = this.words();
    for (const name of this.fieldNames) {
      const field = this.fields.get(name);
      const input = field.input;
      if (!input) continue;
      if (field.labelElement) setText(field.labelElement, this.label(name));
      const shown = field.display;
      input.setAttribute("aria-invalid", shown.some((m) => m.severity !== "warning") ? "true" : "false");
      if (field.messageBox) {
        const texts = shown.map((m) => `${m.severity}\u0000${m.text}\u0000${m.suggestion || ""}`).join("\n");
        if (field.messageBox.dataset.formrulesShown !== texts) {
          field.messageBox.dataset.formrulesShown = texts;
          field.messageBox.replaceChildren(
            ...shown.flatMap((m) => {
              const p = document.createElement("p");
              p.className = `formrules-message formrules-${m.severity === "warning" ? "warning" : "error"}`;
              p.dataset.code = m.code;
              p.textContent = m.text;
              if (!m.suggestion) return [p];
              const hint = document.createElement("p");
              hint.className = "formrules-message formrules-suggestion";
              hint.textContent = m.suggestion;
              return [p, hint];
            }),
          );
        }
      }
      if (field.checklistBox) this.drawChecklist(field, words);
      for (const toggle of field.revealButtons) toggle.refresh();
    }
    if (this.generalBox) {
      setText(this.generalBox, this.generalError || "");
      this.generalBox.hidden = !this.generalError;
    }
    // aria-busy may hold back what a live region inside the busy element says: a form that
    // holds its own general error or live region is not marked busy (data-loading still is).
    const regionInside = [this.generalBox, this.liveRegion].some((box) => box && this.form.contains(box));
    if (regionInside) this.form.removeAttribute("aria-busy");
    else this.form.setAttribute("aria-busy", this.loading ? "true" : "false");
    this.form.toggleAttribute("data-loading", this.loading);
    this.form.toggleAttribute("data-pending", this.pending);
    this.form.toggleAttribute("data-stale", this.stale);
  }

  drawChecklist(field, words) {
    const box = field.checklistBox;
    const list = box.tagName === "UL" || box.tagName === "OL" ? box : ensureList(box);
    const items = field.checklist.filter((item) => item.code !== "required");
    while (list.children.length > items.length) list.lastElementChild.remove();
    items.forEach((item, index) => {
      let li = list.children[index];
      if (!li) {
        li = document.createElement("li");
        li.className = "formrules-requirement";
        const mark = document.createElement("span");
        mark.className = "formrules-mark";
        mark.setAttribute("aria-hidden", "true");
        const text = document.createElement("span");
        text.className = "formrules-requirement-text";
        const status = document.createElement("span");
        status.className = "formrules-sr";
        li.append(mark, text, status);
        list.append(li);
      }
      const state = this.requirementState(field.name, item);
      li.dataset.code = item.code;
      li.dataset.met = item.met ? "true" : "false";
      li.dataset.state = state;
      setText(li.children[0], { neutral: "○", met: "✓", unmet: "✗", recommended: "!", notChecked: "?" }[state]);
      setText(li.children[1], item.text);
      setText(
        li.children[2],
        { neutral: "", met: words.met, unmet: words.unmet, recommended: words.recommendedUnmet, notChecked: words.notCheckedYet }[state],
      );
    });
  }
}

/** A refusal: the service said no to valid-looking values (a wrong password). */
function isRefusal(error) {
  return error instanceof SubmitError && String(error.code || "").startsWith("auth.");
}

/** The module's language before the rules are loaded: ja or en by prefix, else en. */
function earlyLocale(tag) {
  const language = String(tag || "").toLowerCase().split("-")[0];
  return language in OFFLINE_MESSAGES ? language : "en";
}

/**
 * Where a field's message box goes: after the input's row, not inside it. A row is the
 * input's parent when it also holds a button (a show/hide toggle) or lays its children out
 * in a flex row; a message inside it would squeeze the input.
 */
function fieldRow(input, form) {
  const marked = input.closest("[data-formrules-field]");
  if (marked) return marked;
  const parent = input.parentElement;
  if (!parent || parent === form || parent.tagName === "LABEL") return input;
  const display = getComputedStyle(parent).display;
  if (parent.querySelector("button") || display === "flex" || display === "inline-flex") return parent;
  return input;
}

// ---------------------------------------------------------------- show/hide toggle

/**
 * A show/hide button for a password input that keeps focus, value and caret: pressing it
 * with the mouse leaves focus in the input (the seed's promise that the keyboard stays up),
 * and the selection is put back after the type changes. Its accessible name says what it
 * will do ("パスワードを表示" / "Hide password") in the page's language.
 */
export class RevealToggle {
  /**
   * @param {HTMLButtonElement} button
   * @param {HTMLInputElement} input
   * @param {() => {show: string, hide: string}} names the accessible names, asked on every change
   */
  constructor(button, input, names) {
    this.button = button;
    this.input = input;
    this.names = names;
    if (!button.getAttribute("type")) button.type = "button";
    if (!input.id) input.id = `fr-reveal-${(uniqueCounter += 1)}`;
    button.setAttribute("aria-controls", input.id);
    // A revealed password is a text input: keep the browser's spelling service (which may
    // send text to a remote server), autocorrect and autocapitalisation away from it.
    input.spellcheck = false;
    input.setAttribute("autocapitalize", "off");
    input.setAttribute("autocorrect", "off");
    // Keep focus where it is: a mouse press would otherwise move it to the button.
    button.addEventListener("pointerdown", (event) => {
      if (document.activeElement === input) event.preventDefault();
    });
    button.addEventListener("mousedown", (event) => {
      if (document.activeElement === input) event.preventDefault();
    });
    button.addEventListener("click", () => this.toggle());
    this.refresh();
  }

  get revealed() {
    return this.input.dataset.formrulesRevealed === "true";
  }

  toggle() {
    const input = this.input;
    const focused = document.activeElement === input;
    const start = input.selectionStart;
    const end = input.selectionEnd;
    const direction = input.selectionDirection;
    input.dataset.formrulesRevealed = this.revealed ? "false" : "true";
    input.type = this.revealed ? "text" : "password";
    if (focused) {
      if (document.activeElement !== input) input.focus({ preventScroll: true });
      if (start !== null && end !== null) input.setSelectionRange(start, end, direction || "none");
    }
    this.refresh();
  }

  refresh() {
    const names = this.names();
    const label = this.revealed ? names.hide : names.show;
    if (this.button.getAttribute("aria-label") !== label) this.button.setAttribute("aria-label", label);
    this.button.dataset.revealed = this.revealed ? "true" : "false";
    if (this.button.title !== label) this.button.title = label;
  }
}

// ---------------------------------------------------------------- reading the API

// GET /v1/rules/{name}: `fields` is an array of {name, …} in rules-file order, or an object.
function fieldDescriptions(rules) {
  const fields = rules.fields || {};
  if (Array.isArray(fields)) return fields.map((f) => [f.name, f]);
  return Object.entries(fields);
}

function firstLabelMap(rules) {
  for (const [, description] of fieldDescriptions(rules)) {
    if (description.label && typeof description.label === "object") return description.label;
  }
  return {};
}

// A field's failures in the live endpoint's `fields` (each with `message`, `inlineMessage`
// and, for strength, `suggestion`).
function readLiveField(body, name) {
  const report = body?.fields?.[name];
  if (!report) return null;
  return {
    valid: report.valid !== false,
    messages: (report.failures || []).map((f) => ({
      code: f.code,
      severity: f.severity || "error",
      text: f.inlineMessage || f.message || f.code,
      spoken: f.message || f.inlineMessage || f.code,
      suggestion: f.suggestion || null,
    })),
  };
}

function readChecklist(body, name) {
  const list = body?.checklist ?? body?.fields?.[name]?.checklist ?? body?.report?.checklist;
  if (!Array.isArray(list)) return null;
  return list.map((item) => ({
    code: item.code,
    text: item.text ?? item.message ?? item.code,
    met: item.state ? item.state === "met" : Boolean(item.met ?? item.isMet),
    state: item.state || (item.met ?? item.isMet ? "met" : "unmet"),
    severity: item.severity || "error",
  }));
}

// ---------------------------------------------------------------- small DOM helpers

function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function addToken(element, attribute, token) {
  const tokens = (element.getAttribute(attribute) || "").split(/\s+/).filter(Boolean);
  if (!tokens.includes(token)) tokens.push(token);
  element.setAttribute(attribute, tokens.join(" "));
}

function ensureList(box) {
  let list = box.querySelector(":scope > ul.formrules-checklist");
  if (!list) {
    list = document.createElement("ul");
    list.className = "formrules-checklist";
    box.append(list);
  }
  return list;
}

function cssEscape(text) {
  return window.CSS && CSS.escape ? CSS.escape(text) : String(text).replace(/["\\]/g, "\\$&");
}
