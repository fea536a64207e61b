#ifndef FORM_RULES_CPCRE2_SHIM_H
#define FORM_RULES_CPCRE2_SHIM_H

// pcre2.h refuses to be imported unless the code unit width is chosen first.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

// Swift cannot import PCRE2's cast macros; these wrappers give them types.
static inline PCRE2_SIZE cpcre2_zero_terminated(void) { return PCRE2_ZERO_TERMINATED; }
static inline PCRE2_SIZE cpcre2_unset(void) { return PCRE2_UNSET; }

#endif
