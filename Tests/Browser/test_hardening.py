"""Issue 26: the login and sign-up screens a product team would ship. Each test is named in
docs/web.md's parity table; each runs in ja and en and finds controls by role and label.

1 no value in a URL · 2 shake on a refused login · 3 focus and announcements · 4 typing as a
Japanese user types · 5 stale and slow · 6 the page's own markup wins · 7 typography and
contrast · 8 axe, screenshots and the parity table.
"""

import json
import os
import re
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import js_json, open_context, wait_until, watch
from test_pages import ALL_PAGES, LOGIN_PAGES, TEXT, DemoLogin, DemoSignup, OwnMarkup, ids, shake_animations

ROOT = Path(__file__).resolve().parents[2]

WORDS = {
    "ja": {
        "offline": "ネットワークに接続できません。接続を確認してもう一度お試しください。",
        "wrong": "メールアドレスまたはパスワードが正しくありません。",
        "checking": "確認中…",
        "notChecked": "入力内容を確認できませんでした。接続が戻ると、もう一度確認します。",
        "login": "ログイン",
        "signup": "登録する",
        "prefix": "エラー：",
        "recommendedUnmet": "（推奨：満たしていません）",
    },
    "en": {
        "offline": "You appear to be offline. Check your connection and try again.",
        "wrong": "The email address or password is incorrect.",
        "checking": "Checking…",
        "notChecked": "Your entries could not be checked. They will be checked again when the connection is back.",
        "login": "Log in",
        "signup": "Sign up",
        "prefix": "Error: ",
        "recommendedUnmet": " (recommended, not met)",
    },
}
LANGS = ["ja", "en"]


def said(server, rules, lang, values, field):
    """What the server's live endpoint says about `field` for `values`: the page must show it."""
    request = urllib.request.Request(
        f"{server}/v1/rules/{rules}/validate?field={field}&locale={lang}",
        data=json.dumps(values).encode(), headers={"Content-Type": "application/json"}, method="POST",
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.loads(response.read())


def email_box(page, lang):
    return page.get_by_role("textbox", name=TEXT[lang]["email"], exact=True)


def password_box(page, lang, own=False):
    # A password input has no role; its name comes from its label.
    return page.get_by_label("Your password" if own and lang == "en" else TEXT[lang]["password"], exact=True)


def button(page, lang, Page):
    name = {DemoLogin: WORDS[lang]["login"], DemoSignup: WORDS[lang]["signup"], OwnMarkup: WORDS[lang]["login"]}[Page]
    return page.get_by_role("button", name=name, exact=True)


def wait_for(page, condition, timeout=10.0):
    """Lets Playwright deliver events (route handlers run then) until `condition()` holds."""
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        page.wait_for_timeout(10)


def binding(page, expression):
    return page.evaluate(f"(b => {expression})(document.querySelector('form').formrules)")


# ------------------------------------------------------------------ 1. no value in a URL


@pytest.mark.parametrize("lang", LANGS)
def test_no_value_in_url_while_the_rules_load(page, server, lang):
    held = []
    page.route(re.compile(r"/v1/rules/login$"), lambda route: held.append(route))
    page.goto(f"/?lang={lang}")
    wait_for(page, lambda: held)
    email = page.locator("#email")
    email.fill("taro@example.jp")
    page.locator("#password").fill("s3cret-pw")
    page.locator("#password").press("Enter")
    button(page, lang, DemoLogin).click(force=True)
    page.wait_for_timeout(200)
    assert "s3cret" not in page.url and "?" not in page.url.replace(f"?lang={lang}", ""), page.url
    assert page.locator("form").get_attribute("method") == "post"
    held[0].continue_()
    page.wait_for_selector("html[data-ready=true]")
    expect(button(page, lang, DemoLogin)).to_have_attribute("aria-disabled", "false")


@pytest.mark.parametrize("lang", LANGS)
def test_api_down_at_load_says_offline_and_blocks_submit(page, lang):
    page.expect_console(r"net::ERR_FAILED")
    page.route(re.compile(r"/v1/"), lambda route: route.abort())
    page.goto(f"/signup.html?lang={lang}")
    general = page.get_by_role("alert")
    expect(general).to_have_text(WORDS[lang]["offline"])  # never "Failed to fetch"
    page.locator("#email").fill("taro@example.jp")
    page.locator("#password").fill("s3cret-pw")
    page.locator("#password").press("Enter")
    button(page, lang, DemoSignup).click(force=True)
    page.wait_for_timeout(200)
    assert "s3cret" not in page.url and "password" not in page.url
    # Back online: the next attempt binds, and the form works.
    page.unroute(re.compile(r"/v1/"))
    button(page, lang, DemoSignup).click(force=True)
    page.wait_for_selector("html[data-ready=true]")
    expect(general).to_be_hidden()


@pytest.mark.parametrize("path", ["/", "/signup.html", "/own-markup.html"])
def test_without_javascript_nothing_is_sent_by_get(browser, server, path):
    context = browser.new_context(base_url=server, java_script_enabled=False)
    page = context.new_page()
    sent = []
    page.on("request", lambda request: sent.append((request.method, request.url)))
    page.goto(path)
    form = page.locator("form")
    assert form.get_attribute("method") == "post"
    expect(page.locator("form button[type=submit]")).to_be_disabled()  # the markup starts disabled
    page.locator("input[name=email]").fill("taro@example.jp")
    page.locator("input[name=password]").fill("s3cret-pw")
    page.locator("input[name=password]").press("Enter")  # implicit submission: blocked
    page.wait_for_timeout(300)
    assert all("s3cret" not in url for _, url in sent), sent
    assert "s3cret" not in page.url
    context.close()


# ------------------------------------------------------------------ 2. the shake on a refused login


@pytest.mark.parametrize("Page", LOGIN_PAGES, ids=ids(LOGIN_PAGES))
@pytest.mark.parametrize("lang", LANGS)
def test_wrong_password_shakes_and_selects_the_password(page, Page, lang):
    page.expect_console(r"status of 401")
    p = Page(page)
    p.open(lang)
    email_box(page, lang).fill("demo@example.jp")
    password_box(page, lang, Page is OwnMarkup).fill("wrong-pass-1")
    p.wait_idle()
    before = binding(page, "b.shakeCount")
    button(page, lang, Page).click()
    expect(page.locator(p.general)).to_have_text(WORDS[lang]["wrong"])
    animations = shake_animations(page)
    assert [a["id"] for a in animations] == ["formrules-shake"] and animations[0]["duration"] == 800
    assert binding(page, "b.shakeCount") == before + 1
    # Focus on the password, its text selected: typing replaces it.
    expect(page.locator(p.password)).to_be_focused()
    assert page.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]") == [0, 12]


@pytest.mark.parametrize("lang", LANGS)
def test_wrong_password_under_reduced_motion_does_not_move(browser, server, lang):
    context = open_context(browser, server, reduced_motion="reduce")
    page = context.new_page()
    check = watch(page)
    page.expect_console(r"status of 401")
    p = DemoLogin(page)
    p.open(lang)
    email_box(page, lang).fill("demo@example.jp")
    password_box(page, lang, False).fill("wrong-pass-1")
    p.wait_idle()
    button(page, lang, DemoLogin).click()
    expect(page.locator(p.general)).to_have_text(WORDS[lang]["wrong"])
    assert shake_animations(page) == []
    assert binding(page, "b.shakeCount") == 1
    expect(page.locator(p.password)).to_be_focused()
    check()
    context.close()


# ------------------------------------------------------------------ 3. focus and announcements


@pytest.mark.parametrize("Page", ALL_PAGES, ids=ids(ALL_PAGES))
@pytest.mark.parametrize("lang", LANGS)
def test_click_on_the_gated_button_runs_submit(page, Page, lang):
    p = Page(page)
    p.open(lang)
    submit = button(page, lang, Page)
    expect(submit).to_have_attribute("aria-disabled", "true")
    submit.focus()
    expect(submit).to_be_focused()  # in the tab order although gated
    submit.click(force=True)  # a person's click: Playwright waits for an enabled button otherwise
    expect(page.locator(p.email)).to_be_focused()  # the first invalid field
    expect(p.messages("email")).to_have_text([TEXT[lang]["email.required"]])
    assert binding(page, "b.shakeCount") == 1
    if Page.checklist:  # after a submit attempt the checklist says what is missing
        expect(page.locator(Page.checklist + '[data-state="neutral"]')).to_have_count(0)
        assert page.locator(Page.checklist + '[data-state="unmet"]').count() >= 1
    # GOV.UK's title prefix while the errors show.
    assert page.title().startswith(WORDS[lang]["prefix"]), page.title()


@pytest.mark.parametrize("Page", LOGIN_PAGES, ids=ids(LOGIN_PAGES))
@pytest.mark.parametrize("lang", LANGS)
def test_fill_then_click_at_once_is_answered(page, Page, lang):
    p = Page(page)
    p.open(lang)
    email_box(page, lang).fill("demo@example.jp")
    password_box(page, lang, Page is OwnMarkup).fill("demo-pass-2024")
    button(page, lang, Page).click(force=True)  # before the debounce: the button still looks gated
    expect(page.locator("[data-demo-success], #done")).not_to_be_empty()
    expect(page.locator(p.general)).to_be_hidden()


@pytest.mark.parametrize("lang", LANGS)
def test_success_is_announced_outside_the_busy_form(page, lang):
    p = DemoLogin(page)
    p.open(lang)
    for region in page.locator("[role=status], [role=alert], [aria-live]").all():
        assert region.evaluate("e => !e.closest('[aria-busy]')"), region.evaluate("e => e.outerHTML")
    email_box(page, lang).fill("demo@example.jp")
    password_box(page, lang, False).fill("demo-pass-2024")
    p.wait_idle()
    button(page, lang, DemoLogin).click()
    success = page.get_by_role("status").filter(has_text=re.compile("ログインしました|logged in"))
    expect(success).to_have_count(1)


def test_live_regions_of_the_own_markup_page_are_outside_the_form(page):
    p = OwnMarkup(page)
    p.open("en")
    for region in page.locator("[role=status], [role=alert], [aria-live]").all():
        assert region.evaluate("e => !e.closest('form')"), region.evaluate("e => e.outerHTML")


# ------------------------------------------------------------------ 4. typing as a Japanese user types


@pytest.mark.parametrize("lang", LANGS)
def test_ime_composition_is_not_validated_until_committed(page, lang):
    p = DemoLogin(page)
    p.open(lang)
    bodies = []
    page.on("request", lambda r: bodies.append(r.post_data or "") if "/validate" in r.url else None)
    email = page.locator(p.email)
    email.focus()
    page.keyboard.press("Tab")  # leave it once, so its messages show
    email.focus()
    cdp = page.context.new_cdp_session(page)
    for text in ["t", "た", "たろ"]:
        cdp.send("Input.imeSetComposition", {"text": text, "selectionStart": len(text), "selectionEnd": len(text)})
        page.wait_for_timeout(120)
    page.wait_for_timeout(600)  # a pause on the candidate list
    assert not [b for b in bodies if "\\u305f" in b or "た" in b], bodies  # no uncommitted kana sent
    shown = p.messages("email").all_text_contents()
    assert shown == [TEXT[lang]["email.required"]]  # nothing re-drawn mid-conversion
    cdp.send("Input.insertText", {"text": "太郎"})
    p.wait_idle()
    assert any("太郎" in json.loads(b).get("email", "") for b in bodies if b), bodies
    # Enter that confirms a conversion does not submit.
    cdp.send("Input.imeSetComposition", {"text": "あ", "selectionStart": 1, "selectionEnd": 1})
    page.keyboard.press("Enter")
    assert binding(page, "b.shakeCount") == 0


def first_spoken(page, lang):
    return {"ja": "メールアドレスに「@」が含まれていません。", "en": "@"}[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_reward_early_punish_late(page, lang):
    p = DemoLogin(page)
    p.open(lang)
    email = page.locator(p.email)
    email.fill("ta")
    email.press("Tab")
    expect(p.messages("email")).to_have_count(1)
    p.wait_idle()
    first = p.messages("email").all_text_contents()
    live = page.locator(p.live)
    expect(live).to_contain_text(first_spoken(page, lang))
    email.focus()  # leaving the password announces its own message; then nothing more
    p.wait_idle()
    announced = live.text_content()
    page.keyboard.press("End")
    seen = set()
    for ch in "ro@example.jp":
        page.keyboard.type(ch)
        page.wait_for_timeout(320)
        seen.add(tuple(p.messages("email").all_text_contents()))
        assert live.text_content() == announced  # nothing intermediate is announced
    # Only the first error, then none once it was fixed: never a new error while typing.
    assert seen <= {tuple(first), ()}, seen
    p.wait_idle()
    expect(p.messages("email")).to_have_count(0)
    email.press("Tab")
    expect(p.messages("email")).to_have_count(0)


@pytest.mark.parametrize("lang", LANGS)
def test_unmet_recommendation_is_a_warning_not_an_error(page, lang):
    p = DemoSignup(page)
    p.open(lang)
    email_box(page, lang).fill("hanako@example.jp")
    password_box(page, lang, False).fill(" correct horse ")
    page.fill("#password_confirmation", " correct horse ")
    p.wait_idle()
    row = page.locator(p.checklist + '[data-code="trimmed"]')
    expect(row).to_have_attribute("data-state", "recommended")
    expect(row.locator(".formrules-mark")).to_have_text("!")
    expect(row.locator(".formrules-sr")).to_have_text(WORDS[lang]["recommendedUnmet"])
    expect(button(page, lang, DemoSignup)).to_have_attribute("aria-disabled", "false")


@pytest.mark.parametrize("lang", LANGS)
def test_one_summary_under_a_field_with_a_checklist(page, server, lang):
    p = DemoSignup(page)
    p.open(lang)
    email_box(page, lang).fill("hanako@example.jp")
    password_box(page, lang, False).fill("abc")
    button(page, lang, DemoSignup).click(force=True)
    expect(p.messages("password")).to_have_text([TEXT[lang]["summary"]])
    # The server found more than one failure; the checklist lists them.
    failures = said(server, "signup", lang, {"email": "hanako@example.jp", "password": "abc", "password_confirmation": ""}, "password")
    assert len(failures["fields"]["password"]["failures"]) >= 2
    unmet = page.locator(p.checklist + '[data-state="unmet"]')
    assert unmet.count() >= 2


@pytest.mark.parametrize("lang", LANGS)
def test_inline_variant_under_the_field_labeled_in_the_live_region(page, server, lang):
    p = DemoSignup(page)
    p.open(lang)
    password_box(page, lang, False).fill("correct horse")
    conf = page.get_by_label(TEXT[lang]["password"] + ("（確認）" if lang == "ja" else " confirmation"), exact=True)
    conf.fill("correct horse!")
    conf.press("Tab")
    answer = said(server, "signup", lang, {"email": "", "password": "correct horse", "password_confirmation": "correct horse!"}, "password_confirmation")
    failure = answer["fields"]["password_confirmation"]["failures"][0]
    assert failure["inlineMessage"] != failure["message"]
    expect(p.messages("password_confirmation")).to_have_text([failure["inlineMessage"]])
    expect(page.locator(p.live)).to_contain_text(failure["message"])


@pytest.mark.parametrize("lang", LANGS)
def test_strength_shows_the_first_useful_suggestion(page, server, lang):
    """A page bound to the served nist-800-63b preset, where strength is a warning."""
    html = (
        f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>t</title></head><body><main>"
        "<form method='post'><label for='pw'>Password</label><input id='pw' name='password' type='password'>"
        "<button disabled>Go</button></form></main><script type='module' src='/example/strength.js'></script></body></html>"
    )
    js = "import { bindForm } from '/formrules.js';\nconst f = document.querySelector('form');\nf.formrules = await bindForm(f, { rules: 'nist-800-63b' });\n"
    page.route(re.compile(r"/example/strength\.html$"), lambda r: r.fulfill(body=html, content_type="text/html"))
    page.route(re.compile(r"/example/strength\.js$"), lambda r: r.fulfill(body=js, content_type="text/javascript"))
    page.goto("/example/strength.html")
    wait_until(page, "document.querySelector('form').formrules?.idle === true")
    pw = page.locator("#pw")
    pw.fill("P@ssw0rd1234567")
    pw.press("Tab")
    answer = said(server, "nist-800-63b", lang, {"password": "P@ssw0rd1234567"}, "password")
    strength = [f for f in answer["fields"]["password"]["failures"] if f["code"] == "strength"]
    assert strength and strength[0]["suggestion"]
    expect(page.locator(".formrules-suggestion")).to_have_text([strength[0]["suggestion"]])


# ------------------------------------------------------------------ 5. stale and slow


@pytest.mark.parametrize("lang", LANGS)
def test_failed_live_check_clears_old_messages_and_retries_online(page, lang):
    page.expect_console(r"net::ERR_FAILED")
    p = DemoLogin(page)
    p.open(lang)
    email_box(page, lang).fill("demo@example.jp")
    pw = page.locator(p.password)
    pw.fill("abc12")
    pw.press("Tab")
    expect(p.messages("password")).to_have_text([TEXT[lang]["password.min6"]])
    page.route(re.compile(r"/validate"), lambda route: route.abort())
    pw.focus()
    page.keyboard.press("End")
    page.keyboard.type("3")  # six characters now: the old message is about the old value
    p.wait_idle()
    expect(p.messages("password")).to_have_count(0)
    status = page.locator("[data-demo-status]")
    expect(status).to_have_text(WORDS[lang]["notChecked"])
    expect(button(page, lang, DemoLogin)).to_have_attribute("aria-disabled", "true")
    page.unroute(re.compile(r"/validate"))
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(status).to_have_text("")
    expect(button(page, lang, DemoLogin)).to_have_attribute("aria-disabled", "false")


@pytest.mark.parametrize("lang", LANGS)
def test_slow_check_says_checking(page, lang):
    p = DemoLogin(page)
    p.open(lang)
    held = []
    page.route(re.compile(r"/validate"), lambda route: held.append(route))
    email_box(page, lang).fill("demo@example.jp")
    status = page.locator("[data-demo-status]")
    wait_for(page, lambda: held)
    assert binding(page, "b.pending") is False  # a quick answer makes nothing flicker
    assert status.text_content() == ""
    expect(status).to_have_text(WORDS[lang]["checking"])  # after 300 ms without an answer
    for route in held:
        route.continue_()
    page.unroute(re.compile(r"/validate"))
    expect(status).to_have_text("")


@pytest.mark.parametrize("lang", LANGS)
def test_old_general_error_never_returns_over_new_values(page, lang):
    page.expect_console(r"status of 401")
    p = DemoLogin(page)
    p.open(lang)
    email_box(page, lang).fill("demo@example.jp")
    password_box(page, lang, False).fill("wrong-pass-1")
    p.wait_idle()
    held = []
    page.route(re.compile(r"/demo/login"), lambda route: held.append(route))
    button(page, lang, DemoLogin).click()
    wait_until(page, "document.querySelector('form').formrules.loading === true")
    page.locator(p.password).press("End")
    page.keyboard.type("x")  # edited while the old values are being checked
    held[0].continue_()
    page.unroute(re.compile(r"/demo/login"))
    wait_until(page, "document.querySelector('form').formrules.loading === false")
    page.wait_for_timeout(100)
    expect(page.locator(p.general)).to_be_hidden()


@pytest.mark.parametrize("Page", ALL_PAGES, ids=ids(ALL_PAGES))
def test_live_checks_of_an_invalid_form_answer_200(page, Page):
    statuses = []
    page.on("response", lambda r: statuses.append(r.status) if "/validate" in r.url else None)
    p = Page(page)
    p.open("en")
    page.locator(p.email).press_sequentially("taro@exa", delay=60)
    page.locator(p.password).press_sequentially("abc", delay=60)
    page.locator(p.password).press("Enter")
    p.wait_idle()
    assert statuses and set(statuses) == {200}, statuses  # a 422 is a console error in Chromium


# ------------------------------------------------------------------ 6. the page's own markup wins


@pytest.mark.parametrize("lang", LANGS)
def test_page_attributes_win_over_the_export(page, lang):
    html = (
        f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>t</title></head><body><main>"
        "<form method='post'><label for='e'>Email</label>"
        "<input id='e' name='email' type='email' autocomplete='username' inputmode='url'>"
        "<label for='pw'>Password</label><input id='pw' name='password' type='password'>"
        "<button disabled>Go</button></form></main><script type='module' src='/example/own.js'></script></body></html>"
    )
    js = "import { bindForm } from '/formrules.js';\nconst f = document.querySelector('form');\nf.formrules = await bindForm(f, { rules: 'login' });\n"
    page.route(re.compile(r"/example/own\.html$"), lambda r: r.fulfill(body=html, content_type="text/html"))
    page.route(re.compile(r"/example/own\.js$"), lambda r: r.fulfill(body=js, content_type="text/javascript"))
    page.goto("/example/own.html")
    wait_until(page, "document.querySelector('form').formrules?.idle === true")
    email = page.locator("#e")
    expect(email).to_have_attribute("type", "email")
    expect(email).to_have_attribute("autocomplete", "username")
    expect(email).to_have_attribute("inputmode", "url")
    expect(email).to_have_attribute("required", "")  # a gap the export fills
    expect(page.locator("#pw")).to_have_attribute("autocomplete", "current-password")


@pytest.mark.parametrize("Page", ALL_PAGES, ids=ids(ALL_PAGES))
def test_the_email_is_the_username_for_password_managers(page, Page):
    p = Page(page)
    p.open("en")
    expect(page.locator(p.email)).to_have_attribute("autocomplete", "username")


@pytest.mark.parametrize("lang", LANGS)
def test_own_markup_keeps_its_input_width_at_390px(page, lang):
    page.set_viewport_size({"width": 390, "height": 844})
    p = OwnMarkup(page)
    p.open(lang)
    secret = page.locator(p.password)
    width = secret.bounding_box()["width"]
    peek_height = page.locator(p.toggle).bounding_box()["height"]
    email_box(page, lang).fill("taro")
    page.locator(p.email).press("Enter")
    expect(p.messages("password")).to_have_count(1)
    # The message box follows the row holding the input and its toggle, not the input.
    assert page.evaluate("document.querySelector('#user-secret-messages').previousElementSibling.className") == "secret-wrap"
    assert abs(secret.bounding_box()["width"] - width) < 1
    assert page.locator(p.toggle).bounding_box()["height"] == peek_height
    write_screenshot(page, f"own-markup-failed-submit-{lang}-390.png")


# ------------------------------------------------------------------ 7. typography and contrast


def luminance(rgb):
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a, b):
    la, lb = sorted([luminance(a), luminance(b)], reverse=True)
    return (la + 0.05) / (lb + 0.05)


def rgb(text):
    return tuple(int(float(x)) for x in re.findall(r"[\d.]+", text)[:3])


@pytest.mark.parametrize("Page", [DemoLogin, DemoSignup], ids=ids([DemoLogin, DemoSignup]))
def test_japanese_lines_break_between_phrases(page, Page):
    p = Page(page)
    p.open("ja")
    button(page, "ja", Page).click(force=True)
    style = js_json(
        page,
        "(e => ({wordBreak: getComputedStyle(e).wordBreak, textWrap: getComputedStyle(e).textWrap}))"
        "(document.querySelector('.messages p'))",
    )
    assert style["wordBreak"] == "auto-phrase", style
    assert "pretty" in style["textWrap"], style


@pytest.mark.parametrize("Page", ALL_PAGES, ids=ids(ALL_PAGES))
def test_borders_and_focus_ring_reach_3_to_1(page, Page):
    p = Page(page)
    p.open("en")
    email = page.locator(p.email)
    email.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # keyboard focus: :focus-visible
    style = js_json(
        page,
        "(e => ({border: getComputedStyle(e).borderTopColor, outline: getComputedStyle(e).outlineColor,"
        " background: getComputedStyle(e).backgroundColor}))(document.activeElement)",
    )
    background = rgb(style["background"])
    assert contrast(rgb(style["border"]), background) >= 3, style
    assert contrast(rgb(style["outline"]), background) >= 3, style


@pytest.mark.parametrize("Page", ALL_PAGES, ids=ids(ALL_PAGES))
def test_touch_targets_are_44px(page, Page):
    page.set_viewport_size({"width": 390, "height": 844})
    p = Page(page)
    p.open("ja")
    small = js_json(
        page,
        """[...document.querySelectorAll('a, button, input, select')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect().width, e.getBoundingClientRect().height])
            .filter(([, w, h]) => w < 44 || h < 44)""",
    )
    assert small == [], small


# ------------------------------------------------------------------ 8. axe, screenshots, parity


def write_screenshot(page, name):
    folder = os.environ.get("SCREENSHOTS_DIR")
    if not folder:
        return
    page.evaluate("document.getAnimations().forEach(a => a.finish())")
    page.screenshot(path=str(Path(folder) / name), full_page=True)


@pytest.mark.parametrize("Page", ALL_PAGES, ids=ids(ALL_PAGES))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("state", ["empty", "failed-submit"])
def test_axe_finds_no_violations(page, Page, lang, state):
    from axe_playwright_python.sync_playwright import Axe

    p = Page(page)
    p.open(lang)
    if state == "failed-submit":
        email_box(page, lang).fill("taro@example")
        password_box(page, lang, Page is OwnMarkup).fill("abc")
        page.locator(p.password).press("Enter")
        expect(p.messages("password")).to_have_count(1)
        p.wait_idle()
    results = Axe().run(page, options={"runOnly": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]})
    assert results.violations_count == 0, results.generate_report()


@pytest.mark.parametrize("lang", LANGS)
def test_screenshots_for_the_docs(page, lang):
    page.expect_console(r"status of 401")
    page.set_viewport_size({"width": 390, "height": 844})
    p = DemoLogin(page)
    p.open(lang)
    email_box(page, lang).fill("demo@example.jp")
    password_box(page, lang, False).fill("wrong-pass-1")
    p.wait_idle()
    button(page, lang, DemoLogin).click()
    expect(page.locator(p.general)).to_have_text(WORDS[lang]["wrong"])
    write_screenshot(page, f"login-wrong-password-{lang}-390.png")
    s = DemoSignup(page)
    s.open(lang)
    password_box(page, lang).press_sequentially("kq7#m")
    s.wait_idle()
    expect(s.messages("password")).to_have_count(0)  # first typing: quiet, the checklist speaks
    write_screenshot(page, f"signup-typing-{lang}-390.png")


SCREENSHOTS = [
    "signup-ja.png", "signup-en.png",
    "login-wrong-password-ja-390.png", "login-wrong-password-en-390.png",
    "signup-typing-ja-390.png", "signup-typing-en-390.png",
    "own-markup-failed-submit-ja-390.png", "own-markup-failed-submit-en-390.png",
]


def test_docs_show_only_screenshots_the_tests_write():
    doc = (ROOT / "docs/web.md").read_text()
    shown = set(re.findall(r"images/([\w.-]+\.png)", doc))
    assert shown and shown <= set(SCREENSHOTS), shown - set(SCREENSHOTS)
    sources = (Path(__file__).parent / "test_hardening.py").read_text() + (Path(__file__).parent / "test_pages.py").read_text()
    for name in SCREENSHOTS:
        stem = re.sub(r"-(ja|en)", "-{lang}", name)
        assert stem in sources or name in sources, name


def test_parity_table_names_tests_that_exist():
    doc = (ROOT / "docs/web.md").read_text()
    table = doc[doc.index("## Seed parity") :]
    table = table[: table.index("\n## ", 5)] if "\n## " in table[5:] else table
    browser = {m.group(1) for m in re.finditer(r"`(test_\w+)`", table)}
    swift = {m.group(1) for m in re.finditer(r"`(\w+)\(\)`", table)}
    assert len(browser) >= 10 and len(swift) >= 4, (browser, swift)
    sources = "".join(f.read_text() for f in Path(__file__).parent.glob("test_*.py"))
    for name in browser:
        assert f"def {name}(" in sources, name
    ui_tests = "".join(f.read_text() for f in (ROOT / "Tests/FormRulesUITests").glob("*.swift"))
    for name in swift:
        assert f"func {name}(" in ui_tests, name


def test_page_words_are_the_catalogs():
    """formrules.js shows these without asking the server; they must stay the catalog's ui.* words."""
    swift = "".join(
        (ROOT / "Sources/FormRules/Render/Messages" / name).read_text() for name in ["PageWords.swift", "GeneralMessages.swift"]
    )
    js = (ROOT / "Web/formrules.js").read_text()
    block = js[js.index("export const STRINGS") : js.index("export const OFFLINE_MESSAGES")]
    texts = re.findall(r'\w+: "([^"]+)"', block) + re.findall(r"\w+: \(label\) => `\$\{label\}([^`]+)`", block)
    assert len(texts) >= 14, texts
    for text in texts:
        assert text.strip() in swift, f"not in the catalog: {text!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_unknown_rules_name_shows_server_error_not_a_developer_string(page, lang):
    page.expect_console(r"status of 404")
    page.route(re.compile(r"/v1/rules/signup$"), lambda r: r.fulfill(status=404, content_type="application/problem+json", body="{}"))
    page.goto(f"/signup.html?lang={lang}")
    expected = {"ja": "サーバーでエラーが発生しました。しばらくしてからもう一度お試しください。",
                "en": "Something went wrong on our side. Please try again later."}[lang]
    expect(page.get_by_role("alert")).to_have_text(expected)
    assert "formrules" not in page.get_by_role("alert").text_content()


def docs_example(page):
    doc = (ROOT / "docs/web.md").read_text()
    section = doc[doc.index("## Binding a page") :]
    html = re.search(r"```html\n(.*?)```", section, re.S).group(1)
    js = re.search(r"```js\n(.*?)```", section, re.S).group(1)
    page_html = f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>t</title></head><body>{html}</body></html>"
    page.route(re.compile(r"/example/page\.html"), lambda r: r.fulfill(body=page_html, content_type="text/html"))
    page.route(re.compile(r"/example/signup\.js$"), lambda r: r.fulfill(body=js, content_type="text/javascript"))


@pytest.mark.parametrize("javascript", [True, False], ids=["api-down", "no-javascript"])
def test_docs_example_sends_no_value_in_a_url(browser, server, javascript):
    context = browser.new_context(base_url=server, java_script_enabled=javascript)
    page = context.new_page()
    check = watch(page)
    page.expect_console(r"net::ERR_FAILED")
    docs_example(page)
    page.route(re.compile(r"/v1/"), lambda route: route.abort())
    urls = []
    page.on("request", lambda r: urls.append(r.url))
    page.goto("/example/page.html")
    page.locator("#email").fill("taro@example.jp")
    page.locator("#pw").fill("s3cret-pw")
    page.locator("#pw").press("Enter")
    page.get_by_role("button", name="Sign up").click(force=True)
    page.wait_for_timeout(300)
    assert all("s3cret" not in url for url in urls), urls
    assert "s3cret" not in page.url and page.url.endswith("/example/page.html"), page.url
    if javascript:
        expect(page.get_by_role("alert")).to_have_text("You appear to be offline. Check your connection and try again.")
    check()
    context.close()
