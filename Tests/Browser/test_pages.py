"""The login and sign-up screens in headless Chromium against a real `validate serve`.

Every login scenario runs twice: on the demo login page (Web/index.html) and on a page with
its own markup (Web/own-markup.html) that binds formrules.js through options and events, to
show the module binds to pages we did not write.
"""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import js_json, wait_until

ROOT = Path(__file__).resolve().parents[2]

# Messages as the rules files and the catalog say them (docs/messages.md). Under a field the
# page shows the inline variant; the labeled one (`spoken.*`) goes to the live region.
TEXT = {
    "ja": {
        "email.noDot": "ドメインに「.」が含まれていません。",
        "spoken.email.noDot": "メールアドレスのドメインに「.」が含まれていません。",
        "email.required": "入力してください。",
        "password.min6": "6文字以上で入力してください。",
        "confirmation.sameAs": "パスワードと一致しません。",
        "summary": "条件を満たしていません。下の条件を確認してください。",
        "invalidCredentials": "メールアドレスまたはパスワードが正しくありません。",
        "show": "パスワードを表示",
        "hide": "パスワードを非表示",
        "email": "メールアドレス",
        "password": "パスワード",
        "req.min6": "6文字以上",
        "req.min8": "8文字以上",
        "req.max64": "64文字以内",
    },
    "en": {
        "email.noDot": "The domain must contain a dot.",
        "spoken.email.noDot": "Email address must have a dot in its domain.",
        "email.required": "This field is required.",
        "password.min6": "Must be at least 6 characters.",
        "confirmation.sameAs": "Does not match password.",
        "summary": "Does not meet the requirements below.",
        "invalidCredentials": "The email address or password is incorrect.",
        "show": "Show password",
        "hide": "Hide password",
        "email": "Email address",
        "password": "Password",
        "req.min6": "At least 6 characters",
        "req.min8": "At least 8 characters",
        "req.max64": "At most 64 characters",
    },
}


class DemoLogin:
    """Web/index.html: the seed's login screen."""

    path = "/"
    rules = "login"
    email = "#email"
    password = "#password"
    toggle = '[data-formrules-reveal="password"]'
    submit = "button[type=submit]"
    general = "[data-formrules-general]"
    checklist = None
    live = "[data-formrules-live]"
    tab_order = ["lang-ja", "lang-en", "email", "password", "reveal", "submit", "link"]
    own_labels = False

    def __init__(self, page):
        self.page = page

    def open(self, lang):
        self.page.goto(f"{self.path}?lang={lang}")
        self.page.wait_for_selector("html[data-ready=true]")
        self.wait_idle()

    def messages(self, field):
        return self.page.locator(f'[data-formrules-messages="{field}"] p')

    def messages_box(self, field):
        return self.page.locator(f'[data-formrules-messages="{field}"]')

    def switch(self, lang):
        self.page.click(f'.lang-switch [data-lang="{lang}"]')
        wait_until(self.page, f"document.documentElement.lang === '{lang}'")
        self.wait_idle()

    def wait_idle(self):
        wait_until(self.page, "document.querySelector('form').formrules?.idle === true")

    def wait_idle_except(self, held):
        """Waits until only `held` requests (held back by the test) are still in flight."""
        wait_until(
            self.page,
            f"(b => b.inFlight === {held} && [...b.fields.values()].every(f => f.timer === null))"
            "(document.querySelector('form').formrules)",
        )

    def element_key(self):
        return self.page.evaluate(
            """() => {
              const e = document.activeElement;
              if (e.dataset.lang) return 'lang-' + e.dataset.lang;
              if (e.matches('[data-formrules-reveal]')) return e.dataset.formrulesReveal === 'password' ? 'reveal' : 'reveal2';
              if (e.type === 'submit') return 'submit';
              if (e.tagName === 'A') return e.classList.contains('brand') ? 'brand' : 'link';
              return e.id;
            }"""
        )


class DemoSignup(DemoLogin):
    """Web/signup.html: the seed's sign-up screen with the live checklist."""

    path = "/signup.html"
    rules = "signup"
    checklist = '[data-formrules-checklist="password"] li'
    tab_order = ["lang-ja", "lang-en", "email", "password", "reveal", "password_confirmation", "reveal2", "submit", "link"]


class OwnMarkup(DemoLogin):
    """Web/own-markup.html: a page not written for formrules.js, bound through options."""

    path = "/own-markup.html"
    rules = "login"
    email = "#user-mail"
    password = "#user-secret"
    toggle = "#peek"
    submit = "#go"
    general = "#oops"
    checklist = "#needs li"
    live = ".formrules-live"
    tab_order = ["lang-choice", "user-mail", "user-secret", "peek", "go"]
    own_labels = True

    def messages(self, field):
        input_id = {"email": "user-mail", "password": "user-secret"}[field]
        return self.page.locator(f"#{input_id}-messages p")

    def messages_box(self, field):
        input_id = {"email": "user-mail", "password": "user-secret"}[field]
        return self.page.locator(f"#{input_id}-messages")

    def switch(self, lang):
        self.page.select_option("#lang-choice", lang)
        wait_until(self.page, f"document.documentElement.lang === '{lang}'")
        self.wait_idle()

    def element_key(self):
        return self.page.evaluate("() => document.activeElement.id")


LOGIN_PAGES = [DemoLogin, OwnMarkup]
ALL_PAGES = [DemoLogin, DemoSignup, OwnMarkup]


def ids(pages):
    return [p.__name__ for p in pages]


# ------------------------------------------------------------------ typing and blur


@pytest.mark.parametrize("Page", LOGIN_PAGES, ids=ids(LOGIN_PAGES))
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_quiet_while_first_typing_then_message_after_blur(page, Page, lang):
    p = Page(page)
    p.open(lang)
    email = page.locator(p.email)
    email.press_sequentially("taro@example", delay=20)
    p.wait_idle()
    # FormModel's standard policy: nothing while the field is first typed.
    expect(p.messages("email")).to_have_count(0)
    expect(email).to_have_attribute("aria-invalid", "false")
    email.press("Tab")
    expect(p.messages("email")).to_have_text([TEXT[lang]["email.noDot"]])
    expect(email).to_have_attribute("aria-invalid", "true")
    # aria-describedby names the box that holds the message.
    box_id = p.messages_box("email").get_attribute("id")
    assert box_id in email.get_attribute("aria-describedby").split()
    # The live region announced it, labeled.
    expect(page.locator(p.live)).to_contain_text(TEXT[lang]["spoken.email.noDot"])
    # Once the field has lost focus, messages follow the value live.
    email.focus()
    email.press_sequentially(".jp", delay=20)
    expect(p.messages("email")).to_have_count(0)
    expect(email).to_have_attribute("aria-invalid", "false")


@pytest.mark.parametrize("Page", LOGIN_PAGES, ids=ids(LOGIN_PAGES))
def test_tabbing_through_an_empty_field_reports_it(page, Page):
    p = Page(page)
    p.open("ja")
    page.locator(p.email).focus()
    page.keyboard.press("Tab")
    expect(p.messages("email")).to_have_text([TEXT["ja"]["email.required"]])
    expect(p.messages("password")).to_have_count(0)  # never focused: still quiet


@pytest.mark.parametrize("Page", LOGIN_PAGES, ids=ids(LOGIN_PAGES))
def test_whitespace_only_email_is_empty_and_japanese_password_counts_characters(page, Page):
    p = Page(page)
    p.open("ja")
    page.fill(p.email, "\u3000 \u3000")
    page.locator(p.email).press("Tab")
    expect(p.messages("email")).to_have_text([TEXT["ja"]["email.required"]])
    pw = page.locator(p.password)
    pw.fill("あいうえお")  # 5 characters (15 UTF-8 bytes)
    pw.press("Tab")
    expect(p.messages("password")).to_have_text([TEXT["ja"]["password.min6"]])
    pw.fill("あいうえおか")
    p.wait_idle()
    expect(p.messages("password")).to_have_count(0)
    pw.fill("👍👍👍👍👍")  # five emoji are five characters, though ten UTF-16 units
    p.wait_idle()
    expect(p.messages("password")).to_have_count(0)  # a new error waits for the blur
    pw.press("Tab")
    expect(p.messages("password")).to_have_text([TEXT["ja"]["password.min6"]])


@pytest.mark.parametrize("Page", ALL_PAGES, ids=ids(ALL_PAGES))
def test_language_switch_relabels_and_rerenders(page, Page):
    p = Page(page)
    p.open("ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    page.fill(p.email, "taro@example")
    page.locator(p.email).press("Tab")
    expect(p.messages("email")).to_have_text([TEXT["ja"]["email.noDot"]])
    p.switch("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(p.messages("email")).to_have_text([TEXT["en"]["email.noDot"]])
    expect(page.locator(p.toggle)).to_have_attribute("aria-label", re.compile("^Show "))
    if not Page.own_labels:
        expect(page.get_by_label(TEXT["en"]["email"], exact=True)).to_have_count(1)
    p.switch("ja")
    expect(p.messages("email")).to_have_text([TEXT["ja"]["email.noDot"]])


# ------------------------------------------------------------------ checklist


def checklist_state(page, selector):
    return page.eval_on_selector_all(selector, "items => items.map(i => [i.textContent, i.dataset.met])")


def met_of(page, selector, phrase):
    for text, met in checklist_state(page, selector):
        if phrase in text:
            return met
    raise AssertionError(f"{phrase!r} not in checklist {checklist_state(page, selector)}")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_signup_checklist_ticks_as_the_password_grows(page, lang):
    p = DemoSignup(page)
    p.open(lang)
    t = TEXT[lang]
    # Before anything is typed every rule is checked on the empty value, but the list stays
    # neutral (no red ✗, no vacuous ✓) until the password is edited; `required` is no line.
    expect(page.locator(p.checklist).first).to_be_visible()
    assert met_of(page, p.checklist, t["req.min8"]) == "false"
    assert met_of(page, p.checklist, t["req.max64"]) == "true"
    expect(page.locator(p.checklist + " .formrules-mark")).to_have_text(["○"] * page.locator(p.checklist).count())
    expect(page.locator(p.checklist).filter(has_text=t["req.min8"]).locator(".formrules-sr")).to_have_text("")
    expect(page.locator(p.checklist + '[data-code="required"]')).to_have_count(0)
    pw = page.locator(p.password)
    pw.focus()
    for i, ch in enumerate("kq7#mzxp", start=1):
        page.keyboard.type(ch)
        p.wait_idle()
        expected = "true" if i >= 8 else "false"
        assert met_of(page, p.checklist, t["req.min8"]) == expected, f"after {i} characters"
    # ✓ and ✗ are drawn, with the status in words for screen readers.
    row = page.locator(p.checklist).filter(has_text=t["req.min8"])
    expect(row.locator(".formrules-mark")).to_have_text("✓")
    expect(row.locator(".formrules-sr")).to_have_text(" (met)" if lang == "en" else "（満たしています）")
    pw.fill("8302951746")
    p.wait_idle()
    assert met_of(page, p.checklist, t["req.min8"]) == "true"
    assert "false" in [met for _, met in checklist_state(page, p.checklist)]  # only digits
    pw.press("Tab")
    # The checklist lists the failure: one summary under the field, not the failure again.
    expect(p.messages("password")).to_have_text([t["summary"]])


NOT_CHECKED = {
    "ja": {"text": "サービス側の確認に合格", "sr": "（まだ確認していません）"},
    "en": {"text": "Accepted by the service", "sr": " (not checked yet)"},
}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_checklist_shows_a_named_check_as_not_checked_yet(page, lang):
    """Issue 28: a named check the server did not run is neither ✓ nor ✗: a "?" mark and words."""
    import json

    def with_check(route):
        response = route.fetch()
        body = response.json()
        if isinstance(body.get("checklist"), list):
            body["checklist"].append(
                {"code": "check", "text": NOT_CHECKED[lang]["text"], "severity": "error", "met": False, "state": "notChecked"}
            )
        route.fulfill(response=response, body=json.dumps(body))

    page.route(re.compile(r"/v1/rules/signup/validate\?.*field="), with_check)
    p = DemoSignup(page)
    p.open(lang)
    pw = page.locator(p.password)
    pw.focus()
    page.keyboard.type("kq7#mzxp")
    p.wait_idle()
    row = page.locator(p.checklist).filter(has_text=NOT_CHECKED[lang]["text"])
    expect(row).to_have_attribute("data-state", "notChecked")
    expect(row).to_have_attribute("data-met", "false")
    expect(row.locator(".formrules-mark")).to_have_text("?")
    expect(row.locator(".formrules-sr")).to_have_text(NOT_CHECKED[lang]["sr"])
    # The real lines keep ✓ and ✗.
    expect(page.locator(p.checklist).filter(has_text=TEXT[lang]["req.min8"]).locator(".formrules-mark")).to_have_text("✓")


def test_own_markup_page_draws_its_own_checklist(page):
    p = OwnMarkup(page)
    p.open("en")
    assert met_of(page, p.checklist, TEXT["en"]["req.min6"]) == "false"
    page.locator(p.password).press_sequentially("hunter22", delay=10)
    p.wait_idle()
    assert met_of(page, p.checklist, TEXT["en"]["req.min6"]) == "true"
    expect(page.locator(p.checklist).filter(has_text=TEXT["en"]["req.min6"])).to_have_class("ok")


def test_signup_confirmation_is_checked_against_the_password(page):
    p = DemoSignup(page)
    p.open("en")
    page.fill(p.password, "correct horse")
    conf = page.locator("#password_confirmation")
    conf.fill("correct horse!")
    conf.press("Tab")
    expect(p.messages("password_confirmation")).to_have_text([TEXT["en"]["confirmation.sameAs"]])
    # Changing the other field fixes it: the whole form is validated, not just the edited field.
    conf.fill("correct horse")
    p.wait_idle()
    expect(p.messages("password_confirmation")).to_have_count(0)


# ------------------------------------------------------------------ show/hide


@pytest.mark.parametrize("Page", ALL_PAGES, ids=ids(ALL_PAGES))
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_toggle_keeps_focus_value_and_caret(page, Page, lang):
    p = Page(page)
    p.open(lang)
    pw = page.locator(p.password)
    toggle = page.locator(p.toggle)
    show = TEXT[lang]["show"] if not Page.own_labels else ("Show your password" if lang == "en" else "パスワードを表示")
    hide = show.replace("Show", "Hide").replace("を表示", "を非表示")
    expect(toggle).to_have_attribute("aria-label", show)
    expect(page.get_by_role("button", name=show, exact=True)).to_have_count(1)
    pw.focus()
    page.keyboard.type("abc12")
    for _ in range(3):
        page.keyboard.press("ArrowLeft")  # caret between "ab" and "c12"
    toggle.click()
    expect(pw).to_have_attribute("type", "text")
    expect(pw).to_have_attribute("spellcheck", "false")  # no spelling service sees it revealed
    expect(toggle).to_have_attribute("aria-label", hide)
    assert page.evaluate("document.activeElement.id") == pw.get_attribute("id")
    assert pw.input_value() == "abc12"
    assert page.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]") == [2, 2]
    page.keyboard.type("X")  # typing goes on at the caret, in the same field
    assert pw.input_value() == "abXc12"
    toggle.click()
    expect(pw).to_have_attribute("type", "password")
    expect(toggle).to_have_attribute("aria-label", show)
    assert page.evaluate("document.activeElement.id") == pw.get_attribute("id")
    assert page.evaluate("document.activeElement.selectionStart") == 3
    page.keyboard.type("Y")
    assert pw.input_value() == "abXYc12"
    # From the keyboard: Space on the toggle flips it and focus stays on the toggle.
    toggle.focus()
    page.keyboard.press("Space")
    expect(pw).to_have_attribute("type", "text")
    expect(toggle).to_be_focused()


# ------------------------------------------------------------------ submit, loading, shake


@pytest.mark.parametrize("Page", LOGIN_PAGES, ids=ids(LOGIN_PAGES))
def test_submit_disabled_while_invalid_or_loading(page, Page):
    p = Page(page)
    p.open("en")
    submit = page.locator(p.submit)
    expect(submit).to_be_disabled()  # aria-disabled: still focusable, a click still answers
    expect(submit).to_have_attribute("aria-disabled", "true")
    assert submit.get_attribute("disabled") is None
    page.fill(p.email, "demo@example.jp")
    expect(submit).to_be_disabled()
    page.fill(p.password, "abc12")
    p.wait_idle()
    expect(submit).to_be_disabled()
    page.fill(p.password, "demo-pass-2024")
    expect(submit).to_be_enabled()
    held = []
    page.route(re.compile(r"/demo/login"), lambda route: held.append(route))
    submit.focus()
    page.keyboard.press("Enter")
    wait_until(page, "document.querySelector('form').formrules.loading === true")
    expect(submit).to_be_disabled()
    expect(submit).to_be_focused()  # not dropped to <body>, as a disabled button would be
    expect(page.locator("form")).to_have_attribute("aria-busy", "true")
    # A second submit while loading sends nothing.
    page.evaluate("document.querySelector('form').formrules.submit()")
    page.wait_for_timeout(100)
    assert len(held) == 1
    held[0].continue_()
    expect(submit).to_be_enabled()
    expect(page.locator("form")).to_have_attribute("aria-busy", "false")
    expect(submit).to_be_focused()


def shake_animations(page):
    return js_json(
        page,
        """document.querySelector('form').getAnimations().map(a => ({
            id: a.id, duration: a.effect.getTiming().duration,
            frames: a.effect.getKeyframes().map(k => [Math.round(k.offset * 1000) / 1000, k.transform])}))""",
    )


@pytest.mark.parametrize("Page", LOGIN_PAGES, ids=ids(LOGIN_PAGES))
def test_failed_submit_focuses_first_invalid_field_and_shakes(page, Page):
    p = Page(page)
    p.open("ja")
    page.fill(p.password, "abc12")
    page.fill(p.email, "taro@example")
    expect(page.locator(p.submit)).to_be_disabled()
    # Return in a field submits, as on the seed's keyboard, even with the button disabled.
    page.locator(p.password).press("Enter")
    expect(page.locator(p.email)).to_be_focused()  # first invalid in rules-file order
    expect(p.messages("email")).to_have_text([TEXT["ja"]["email.noDot"]])
    expect(p.messages("password")).to_have_text([TEXT["ja"]["password.min6"]])
    animations = shake_animations(page)
    assert len(animations) == 1, animations
    shake = animations[0]
    assert shake["duration"] == 800
    frames = dict(shake["frames"])
    # The seed's keyframes: 5, −5, 5, −5, 5, 0 px reached at 0.2, 0.3, 0.4, 0.5, 0.6, 0.8 s.
    for offset, px in [(0, 0), (0.25, 5), (0.375, -5), (0.5, 5), (0.625, -5), (0.75, 5), (1, 0)]:
        assert frames[offset] == f"translateX({px}px)", (offset, frames.get(offset))
    # Between the knots it follows the seed's Hermite curve (overshoot ≈ 5.14 after 0.6 s).
    peak = max(abs(float(re.search(r"-?[\d.]+", t).group())) for t in frames.values())
    assert 5.05 < peak < 5.3
    # Only the first password is focused when email is valid.
    page.fill(p.email, "taro@example.jp")
    page.locator(p.email).press("Enter")
    expect(page.locator(p.password)).to_be_focused()


@pytest.mark.parametrize("Page", LOGIN_PAGES, ids=ids(LOGIN_PAGES))
def test_no_shake_under_reduced_motion(reduced_context, server, Page):
    page = reduced_context.new_page()
    p = Page(page)
    p.open("en")
    page.fill(p.email, "taro@example.jp")
    page.fill(p.password, "abc")
    page.locator(p.email).press("Enter")
    expect(page.locator(p.password)).to_be_focused()
    expect(p.messages("password")).to_have_text([TEXT["en"]["password.min6"]])
    assert page.evaluate("document.querySelector('form').formrules.shakeCount") == 1
    assert shake_animations(page) == []


# ------------------------------------------------------------------ demo login


@pytest.mark.parametrize("Page", LOGIN_PAGES, ids=ids(LOGIN_PAGES))
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_wrong_demo_password_shows_the_general_error(page, Page, lang):
    page.expect_console(r"status of 401")
    p = Page(page)
    p.open(lang)
    page.fill(p.email, "demo@example.jp")
    page.fill(p.password, "wrong-pass-1")
    page.locator(p.submit).click()
    general = page.locator(p.general)
    expect(general).to_have_text(TEXT[lang]["invalidCredentials"])
    expect(general).to_be_visible()
    expect(general).to_have_attribute("role", "alert")
    # Editing a field clears it: it described the values that were sent.
    page.locator(p.password).press("End")
    page.keyboard.press("Backspace")
    expect(general).to_be_hidden()
    page.fill(p.password, "demo-pass-2024")
    page.locator(p.submit).click()
    wait_until(page, "document.querySelector('form').formrules.loading === false")
    expect(general).to_be_hidden()
    expect(page.locator("[data-demo-success], #done")).to_be_visible()


# ------------------------------------------------------------------ keyboard and names


@pytest.mark.parametrize("Page", ALL_PAGES, ids=ids(ALL_PAGES))
def test_tab_order(page, Page):
    p = Page(page)
    p.open("en")
    # Valid values, so the submit button is enabled (a disabled button is not in the order).
    page.fill(p.email, "demo@example.jp")
    page.fill(p.password, "correct horse")
    if Page is DemoSignup:
        page.fill("#password_confirmation", "correct horse")
    p.wait_idle()
    first = {"lang-ja": '.lang-switch [data-lang="ja"]', "lang-choice": "#lang-choice"}[Page.tab_order[0]]
    page.locator(first).focus()
    order = [p.element_key()]
    for _ in Page.tab_order[1:]:
        page.keyboard.press("Tab")
        order.append(p.element_key())
    assert order == Page.tab_order, order
    backwards = [p.element_key()]
    for _ in Page.tab_order[1:]:
        page.keyboard.press("Shift+Tab")
        backwards.append(p.element_key())
    assert backwards == Page.tab_order[::-1], backwards
    # Tab through the form never changed a value or opened a message about valid fields.
    expect(p.messages("email")).to_have_count(0)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_accessible_names_on_the_demo_pages(page, lang):
    t = TEXT[lang]
    for Page, submit in [(DemoLogin, {"ja": "ログイン", "en": "Log in"}), (DemoSignup, {"ja": "登録する", "en": "Sign up"})]:
        p = Page(page)
        p.open(lang)
        expect(page.get_by_role("textbox", name=t["email"], exact=True)).to_have_count(1)
        # A password input has no role; its name comes from the label.
        expect(page.get_by_label(t["password"], exact=True)).to_have_attribute("type", "password")
        expect(page.get_by_role("button", name=t["show"], exact=True)).to_have_count(1)
        expect(page.get_by_role("button", name=submit[lang], exact=True)).to_have_count(1)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        for field in ["email", "password"]:
            box = p.messages_box(field).get_attribute("id")
            described = page.locator(f"#{field}").get_attribute("aria-describedby").split()
            assert box in described
        if Page is DemoSignup:
            described = page.locator("#password").get_attribute("aria-describedby").split()
            checklist_id = page.locator('[data-formrules-checklist="password"]').get_attribute("id")
            assert checklist_id in described


def test_export_attributes_are_applied(page):
    p = DemoSignup(page)
    p.open("ja")
    email = page.locator("#email")
    # The export's email input (docs/email.md): `practical` accepts what type=email refuses
    # (non-ASCII local parts, an IME's outer U+3000), so it is a text input with email hints.
    expect(email).to_have_attribute("type", "text")
    expect(email).to_have_attribute("inputmode", "email")
    # The page wrote autocomplete="username" (the account's name for password managers): kept.
    expect(email).to_have_attribute("autocomplete", "username")
    expect(email).to_have_attribute("required", "")
    expect(page.locator("#password")).to_have_attribute("autocomplete", "new-password")
    expect(page.locator("#password")).to_have_attribute("passwordrules", re.compile("minlength: 8"))
    assert page.evaluate("document.querySelector('form').noValidate") is True


# ------------------------------------------------------------------ screenshots


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_signup_screenshot(page, lang, tmp_path):
    p = DemoSignup(page)
    p.open(lang)
    page.fill(p.email, "hanako@example")
    pw = page.locator(p.password)
    pw.fill("kq7#mzx")
    page.fill("#password_confirmation", "kq7#mz")
    page.locator(p.submit).evaluate("b => b.form.formrules.submit()")
    expect(p.messages("email")).to_have_count(1)
    expect(p.messages("password")).to_have_count(1)
    p.wait_idle()
    page.evaluate("document.getAnimations().forEach(a => a.finish())")
    page.evaluate("document.activeElement.blur()")
    # docs/images is refreshed with SCREENSHOTS_DIR=docs/images (Tests/Browser/run.sh); a plain
    # run writes to a temporary folder so the test never dirties the checkout.
    folder = Path(os.environ.get("SCREENSHOTS_DIR") or tmp_path)
    out = folder / f"signup-{lang}.png"
    page.screenshot(path=str(out), full_page=True)
    assert out.stat().st_size > 10_000


# ------------------------------------------------------------------ edges


def test_long_values_get_the_size_message_and_huge_ones_a_general_error(page):
    page.expect_console(r"status of 413")
    p = DemoSignup(page)
    p.open("en")
    pw = page.locator(p.password)
    pw.fill("a" * 5000)  # over the rules' 4096-byte value limit, under the 64 KiB body limit
    pw.press("Tab")
    expect(p.messages("password")).to_have_text([re.compile("too long")])
    page.fill(p.email, "hanako@example.jp")
    pw.fill("b" * 100_000)  # the request is over the server's body limit: 413
    p.wait_idle()
    expect(page.locator(p.submit)).to_be_disabled()
    pw.press("Enter")
    expect(page.locator(p.general)).to_have_text("Something went wrong on our side. Please try again later.")
    pw.fill("correct horse")
    page.fill("#password_confirmation", "correct horse")
    p.wait_idle()
    expect(page.locator(p.submit)).to_be_enabled()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_unreachable_server_on_submit_says_offline(page, lang):
    page.expect_console(r"net::ERR_FAILED")
    p = DemoLogin(page)
    p.open(lang)
    page.fill(p.email, "demo@example.jp")
    page.fill(p.password, "demo-pass-2024")
    p.wait_idle()
    page.route(re.compile(r"/v1/rules/login/validate"), lambda route: route.abort())
    page.locator(p.password).press("End")
    page.keyboard.type("!")  # new values: the submit must ask the server, which is gone
    page.keyboard.press("Enter")
    offline = {
        "ja": "ネットワークに接続できません。接続を確認してもう一度お試しください。",
        "en": "You appear to be offline. Check your connection and try again.",
    }[lang]
    expect(page.locator(p.general)).to_have_text(offline)
    expect(page.locator(p.submit)).to_be_disabled()


def test_combining_characters_count_as_the_rules_say(page):
    p = OwnMarkup(page)
    p.open("en")
    pw = page.locator(p.password)
    pw.fill("e\u0301e\u0301")  # two graphemes, four code points
    p.wait_idle()
    assert met_of(page, p.checklist, TEXT["en"]["req.min6"]) == "false"
    pw.fill("e\u0301e\u0301e\u0301")  # six code points: login counts characters (code points)
    p.wait_idle()
    assert met_of(page, p.checklist, TEXT["en"]["req.min6"]) == "true"


def test_offline_messages_match_the_library_catalog():
    """formrules.js carries the messages it shows without a server; they must stay the catalog's."""
    swift = (ROOT / "Sources/FormRules/Render/Messages/GeneralMessages.swift").read_text()
    js = (ROOT / "Web/formrules.js").read_text()
    block = js[js.index("OFFLINE_MESSAGES") : js.index("function lowerFirst")]
    texts = re.findall(r'(?:"[^"]+"|\w+): "([^"]+)"', block)
    assert len(texts) == 6, texts
    for text in texts:
        assert f'"{text}"' in swift, f"not in the library catalog: {text}"


def test_the_binding_example_in_docs_web_md_works(page, server):
    """The 20-line example of docs/web.md, verbatim, on a page of our origin."""
    doc = (ROOT / "docs/web.md").read_text()
    section = doc[doc.index("## Binding a page") :]
    html = re.search(r"```html\n(.*?)```", section, re.S).group(1)
    js = re.search(r"```js\n(.*?)```", section, re.S).group(1)
    assert len(html.splitlines()) + len(js.splitlines()) <= 25
    page_html = f"<!doctype html><html lang='en'><head><meta charset='utf-8'></head><body>{html}</body></html>"
    page.route(re.compile(r"/example/page\.html$"), lambda r: r.fulfill(body=page_html, content_type="text/html"))
    page.route(re.compile(r"/example/signup\.js$"), lambda r: r.fulfill(body=js, content_type="text/javascript"))
    sent = []

    def accounts(route):
        sent.append(route.request.post_data)
        route.fulfill(status=409, content_type="application/problem+json", body='{"detail": "That address already has an account."}')

    page.route(re.compile(r"/api/accounts$"), accounts)
    page.expect_console(r"status of 409")
    page.goto("/example/page.html")
    checklist = page.locator('[data-formrules-checklist="password"] li')
    expect(checklist.first).to_be_visible()
    expect(page.locator("#email")).to_have_attribute("inputmode", "email")
    page.fill("#email", "taro@example")
    page.locator("#email").press("Tab")
    expect(page.locator("#email-messages p")).to_have_text([TEXT["en"]["email.noDot"]])
    expect(page.locator("button:not([type=button])")).to_be_disabled()
    page.fill("#email", "taro@example.jp")
    page.fill("#pw", "correct horse")
    page.fill("#pw2", "correct horse")
    expect(page.locator("button:not([type=button])")).to_be_enabled()
    page.click("button:not([type=button])")
    expect(page.locator("[data-formrules-general]")).to_have_text("That address already has an account.")
    # Its general error sits inside the form, so the form is never aria-busy around it.
    assert page.locator("form").get_attribute("aria-busy") is None
    # The docs' form posts: with the module gone, Enter would not put a value in a URL.
    assert page.locator("form").get_attribute("method") == "post"
    assert len(sent) == 1 and '"password":"correct horse"' in sent[0]
    expect(page.get_by_role("button", name="Show password")).to_have_count(1)


def test_the_language_follows_the_links_between_the_pages(page):
    p = DemoSignup(page)
    p.open("ja")
    p.switch("en")
    page.get_by_role("link", name="Back to log in").click()
    page.wait_for_url(re.compile(r"/\?lang=en$"))
    login = DemoLogin(page)
    wait_until(page, "document.documentElement.dataset.ready === 'true'")
    login.wait_idle()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_have_text("Log in")
    page.get_by_role("link", name="Create an account").click()
    page.wait_for_url(re.compile(r"/signup\.html\?lang=en$"))
    expect(page.locator("h1")).to_have_text("Create an account")


def test_a_late_answer_about_older_values_is_dropped(page):
    p = DemoLogin(page)
    p.open("en")
    held = []

    email = page.locator(p.email)
    email.fill("taro@example")
    email.press("Tab")
    expect(p.messages("email")).to_have_text([TEXT["en"]["email.noDot"]])
    page.route(re.compile(r"/v1/rules/login/validate"), lambda route: held.append(route))
    email.focus()
    page.keyboard.press("End")
    # Three checks, about "taro@example.", "taro@example.j" and "taro@example.jp": each key waits
    # until its request is held, so a loaded machine cannot fold two keys into one debounce.
    for count, key in enumerate(".jp", start=1):
        page.keyboard.type(key)
        for _ in range(100):
            if len(held) >= count:
                break
            page.wait_for_timeout(50)
        assert len(held) == count, f"no check was sent after typing {key!r}"
    p.wait_idle_except(3)
    assert len(held) == 3
    held[2].continue_()  # the newest answer first: "taro@example.jp" is fine
    expect(p.messages("email")).to_have_count(0)
    for route in held[:2]:  # then the answers about older values, which say it is not
        route.continue_()
        page.wait_for_timeout(100)
        expect(p.messages("email")).to_have_count(0)
    p.wait_idle()
    expect(p.messages("email")).to_have_count(0)
    expect(email).to_have_attribute("aria-invalid", "false")
