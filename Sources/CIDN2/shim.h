#ifndef FORM_RULES_CIDN2_SHIM_H
#define FORM_RULES_CIDN2_SHIM_H

// GNU libidn2: IDNA2008 with Unicode UTS #46 processing, used for the domain of an email address.
#include <idn2.h>

// idn2.h declares its flags as an anonymous enum of int; these give Swift one typed value for
// the lookup the email checker performs (UTS #46 nontransitional, NFC input, A-label round trip).
static inline int cidn2_lookup_flags(void) {
  return IDN2_NONTRANSITIONAL | IDN2_NFC_INPUT | IDN2_ALABEL_ROUNDTRIP;
}

#endif
