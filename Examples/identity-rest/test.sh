#!/usr/bin/env bash
# Builds the identity-rest example and runs it against a local Firebase Auth REST stub
# (127.0.0.1, ephemeral port), checking each localized result. Ends with
# "identity-rest: N passed, N failed"; exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")"

# IDENTITY_REST_BIN: a binary already built from these sources (scripts/test.sh passes the one
# scripts/check-snippets.sh built, so CI compiles FormRules once for both); else build here.
if [ -n "${IDENTITY_REST_BIN:-}" ]; then
  binary=$IDENTITY_REST_BIN
else
  if ! swift build 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]'; then :; fi
  binary=.build/debug/identity-rest
fi
if [ ! -x "$binary" ]; then
  echo "identity-rest: build failed"
  echo "identity-rest: 0 passed, 1 failed"
  exit 1
fi

port_file=$(mktemp)
python3 Tests/firebase_stub.py > "$port_file" &
stub=$!
trap 'kill "$stub" 2>/dev/null; rm -f "$port_file"' EXIT
for _ in $(seq 50); do [ -s "$port_file" ] && break; sleep 0.1; done
port=$(head -1 "$port_file")
base="http://127.0.0.1:$port"
rules=../../Rules/signup.json

passed=0
failed=0
# check NAME EXPECTED_STATUS EXPECTED_OUTPUT PASSWORD ACTION ARGS... (a later --base-url wins)
check() {
  local name=$1 status=$2 expected=$3 password=$4 action=$5
  shift 5
  local out code
  out=$(printf '%s' "$password" | "$binary" "$action" --base-url "$base" "$@" 2>&1)
  code=$?
  if [ "$code" -eq "$status" ] && [ "$out" = "$expected" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $name: exit $code, got $out"
    echo "     expected exit $status, $expected"
  fi
}

key=(--api-key test-key)
check "sign-up of a new account" 0 '{"ok":true}' 'kumo no ue' sign-up --rules $rules --email hanako@example.jp "${key[@]}"
check "EMAIL_EXISTS on the email field (ja)" 1 \
  '{"ok":false,"field":"email","code":"email.taken","message":"このメールアドレスは既に登録されています。"}' \
  'kumo no ue' sign-up --rules $rules --email taro@example.jp --locale ja "${key[@]}"
check "EMAIL_EXISTS on the email field (en)" 1 \
  '{"ok":false,"field":"email","code":"email.taken","message":"This email address is already registered."}' \
  'kumo no ue' sign-up --rules $rules --email taro@example.jp --locale en "${key[@]}"
check "WEAK_PASSWORD with its minimum" 1 \
  '{"ok":false,"field":"password","code":"minLength","message":"6文字以上で入力してください。"}' \
  'abcde' sign-up --rules Tests/lax.json --email jiro@example.jp --locale ja "${key[@]}"
check "sign-in with the new account" 0 '{"ok":true}' 'kumo no ue' sign-in --rules ../../Rules/login.json --email hanako@example.jp "${key[@]}"
check "EMAIL_NOT_FOUND reads as wrong credentials" 1 \
  '{"ok":false,"field":null,"code":"auth.invalidCredentials","message":"メールアドレスまたはパスワードが正しくありません。"}' \
  'kumo no ue' sign-in --rules ../../Rules/login.json --email nobody@example.jp --locale ja "${key[@]}"
check "INVALID_PASSWORD reads the same" 1 \
  '{"ok":false,"field":null,"code":"auth.invalidCredentials","message":"メールアドレスまたはパスワードが正しくありません。"}' \
  'wrong password' sign-in --rules ../../Rules/login.json --email taro@example.jp --locale ja "${key[@]}"
check "USER_DISABLED" 1 \
  '{"ok":false,"field":null,"code":"auth.userDisabled","message":"This account has been disabled. Please contact support."}' \
  'kumo no ue' sign-in --rules ../../Rules/login.json --email disabled@example.jp --locale en "${key[@]}"
check "TOO_MANY_ATTEMPTS_TRY_LATER with its explanation" 1 \
  '{"ok":false,"field":null,"code":"auth.tooManyRequests","message":"試行回数が多すぎます。しばらくしてからもう一度お試しください。"}' \
  'kumo no ue' sign-in --rules ../../Rules/login.json --email busy@example.jp --locale ja "${key[@]}"
check "a bad API key is the general unknown error" 1 \
  '{"ok":false,"field":null,"code":"unknown","message":"Something went wrong. Please try again."}' \
  'kumo no ue' sign-in --rules ../../Rules/login.json --email taro@example.jp --locale en --api-key wrong
check "the rules refuse before the provider is asked" 1 \
  '{"ok":false,"field":"password","code":"minLength","message":"パスワードは8文字以上で入力してください。"}' \
  'short' sign-up --rules $rules --email saburo@example.jp --locale ja "${key[@]}"
check "no server: offline" 1 \
  '{"ok":false,"field":null,"code":"network.offline","message":"You appear to be offline. Check your connection and try again."}' \
  'kumo no ue' sign-in --rules ../../Rules/login.json --email taro@example.jp --locale en "${key[@]}" --base-url http://127.0.0.1:9
check "usage error" 2 "$(printf 'Error: missing --email\nusage: identity-rest sign-up|sign-in --rules FILE --email ADDRESS [--base-url URL] [--api-key KEY] [--locale ja|en] < password')" \
  '' sign-in --rules ../../Rules/login.json

echo "identity-rest: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
