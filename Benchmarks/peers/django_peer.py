"""Peer: email-validator + Django's password validators (the usual Python stack).

    Benchmarks/.venv/bin/python Benchmarks/peers/django_peer.py [corpus.jsonl]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import common  # noqa: E402

import django  # noqa: E402
from django.conf import settings  # noqa: E402

settings.configure(USE_I18N=False)
django.setup()

from django.contrib.auth.password_validation import (  # noqa: E402
    CommonPasswordValidator, MinimumLengthValidator, NumericPasswordValidator)
from django.core.exceptions import ValidationError  # noqa: E402
from email_validator import EmailNotValidError, validate_email  # noqa: E402

validators = [MinimumLengthValidator(8), CommonPasswordValidator(), NumericPasswordValidator()]


def validate(record):
    ok = True
    email = (record.get("email") or "").strip()
    try:
        validate_email(email, check_deliverability=False)
    except EmailNotValidError:
        ok = False
    password = record.get("password") or ""
    for validator in validators:
        try:
            validator.validate(password)
        except ValidationError:
            ok = False
    if len(password) > 64:
        ok = False
    if record.get("password_confirmation") != password:
        ok = False
    return ok


if __name__ == "__main__":
    common.measure("email-validator + Django password validators", common.load(common.corpus_path()), validate)
