#ifndef FORM_RULES_CMICROHTTPD_SHIM_H
#define FORM_RULES_CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <string.h>
#include <microhttpd.h>

// Swift cannot call C variadic functions; these wrappers give the calls FormRulesServer makes fixed
// signatures. Options travel as an MHD_OPTION_ARRAY built here, so each option has its C type.

/// The settings `cmhd_start` passes to MHD_start_daemon.
struct cmhd_settings {
  unsigned int flags;
  int listen_fd;                      // an already bound and listening socket
  unsigned int thread_pool_size;      // 0 or 1: the one internal polling thread
  unsigned int connection_limit;
  MHD_AcceptPolicyCallback accept_policy;  // asked at each accept, with the peer's address
  unsigned int connection_timeout;    // seconds of inactivity before a connection is closed
  size_t connection_memory_limit;     // bytes per connection for the request line and headers
  MHD_NotifyConnectionCallback notify_connection;  // connection opened / closed
  void *(*uri_log)(void *cls, const char *uri, struct MHD_Connection *connection);  // the raw request target
};

static inline struct MHD_Daemon *cmhd_start(
    const struct cmhd_settings *s, MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls) {
  struct MHD_OptionItem ops[] = {
    {MHD_OPTION_LISTEN_SOCKET, (intptr_t)s->listen_fd, NULL},
    {MHD_OPTION_CONNECTION_LIMIT, (intptr_t)s->connection_limit, NULL},
    {MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)s->connection_timeout, NULL},
    {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)s->connection_memory_limit, NULL},
    {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, completed_cls},
    {MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)s->notify_connection, completed_cls},
    {MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)s->uri_log, completed_cls},
    // 0: libmicrohttpd does not answer a missing Host or a space in the target itself (its own
    // answers are HTML with the header block sent twice in 0.9.75); the handler refuses both.
    {MHD_OPTION_STRICT_FOR_CLIENT, 0, NULL},
    {s->thread_pool_size > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END,
     (intptr_t)s->thread_pool_size, NULL},
    {MHD_OPTION_END, 0, NULL},
  };
  return MHD_start_daemon(
      s->flags, 0, s->accept_policy, completed_cls, handler, handler_cls, MHD_OPTION_ARRAY, ops, MHD_OPTION_END);
}

/// The peer's address, or NULL.
static inline const struct sockaddr *cmhd_client_address(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}

/// The client address as 16 bytes (IPv4 mapped into IPv6, ::ffff:a.b.c.d) in `out`; 0 when the
/// family is neither.
static inline int cmhd_address_key(const struct sockaddr *address, uint64_t out[2]) {
  unsigned char bytes[16] = {0};
  if (address == NULL) return 0;
  if (address->sa_family == AF_INET) {
    const struct sockaddr_in *v4 = (const struct sockaddr_in *)address;
    bytes[10] = 0xff;
    bytes[11] = 0xff;
    memcpy(bytes + 12, &v4->sin_addr, 4);
  } else if (address->sa_family == AF_INET6) {
    memcpy(bytes, &((const struct sockaddr_in6 *)address)->sin6_addr, 16);
  } else {
    return 0;
  }
  memcpy(out, bytes, 16);
  return 1;
}

/// The socket of a connection, or -1.
static inline int cmhd_connection_fd(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : (int)info->connect_fd;
}

/// The pointer stored in the connection's socket context at MHD_CONNECTION_NOTIFY_STARTED, or NULL.
static inline void *cmhd_socket_context(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info == NULL ? NULL : info->socket_context;
}

static inline int cmhd_is_notify_started(enum MHD_ConnectionNotificationCode code) {
  return code == MHD_CONNECTION_NOTIFY_STARTED;
}

/// The number of open connections of a daemon, or -1.
static inline int cmhd_current_connections(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
  return info == NULL ? -1 : (int)info->num_connections;
}

static inline ssize_t cmhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t cmhd_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }
static inline uint64_t cmhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }

/// Internal polling threads (a pool when `thread_pool_size` > 1), epoll where available, the
/// inter-thread channel that MHD_quiesce_daemon needs to stop accepting while requests finish,
/// and suspend/resume: a request waiting for its named checks leaves its thread free.
static inline unsigned int cmhd_flags(void) {
  return MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ITC | MHD_ALLOW_SUSPEND_RESUME;
}

/// A request header (case-insensitive name), or NULL.
static inline const char *cmhd_header(struct MHD_Connection *connection, const char *name) {
  return MHD_lookup_connection_value(connection, MHD_HEADER_KIND, name);
}

/// A query argument, or NULL (also NULL for `?name` without `=`; see cmhd_has_argument).
static inline const char *cmhd_argument(struct MHD_Connection *connection, const char *name) {
  return MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, name);
}

static enum MHD_Result cmhd_sum_(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
  (void)kind;
  size_t *total = (size_t *)cls;
  *total += (key ? strlen(key) : 0) + (value ? strlen(value) : 0) + 4;
  return MHD_YES;
}

/// The bytes of every request header (name, value, ": " and CRLF each).
static inline size_t cmhd_header_bytes(struct MHD_Connection *connection) {
  size_t total = 0;
  MHD_get_connection_values(connection, MHD_HEADER_KIND, cmhd_sum_, &total);
  return total;
}

/// The bytes of the query string's arguments, decoded.
static inline size_t cmhd_argument_bytes(struct MHD_Connection *connection) {
  size_t total = 0;
  MHD_get_connection_values(connection, MHD_GET_ARGUMENT_KIND, cmhd_sum_, &total);
  return total;
}

/// What the strict framing check found in a request's header fields (RFC 9110 and 9112). libmicrohttpd
/// 0.9.75 keeps names with whitespace before the colon as other names, takes the first of several
/// Content-Length values, and does not refuse unknown transfer codings; the handler refuses them.
enum cmhd_framing {
  CMHD_FRAMING_OK = 0,
  CMHD_FRAMING_BAD_NAME = 1,          // a name that is not an RFC 9110 token (space before the colon, …): 400
  CMHD_FRAMING_BAD_VALUE = 2,         // NUL, a bare CR or another control in a value: 400
  CMHD_FRAMING_CONFLICTING_LENGTH = 3,  // Content-Length values that differ, or one that is not digits: 400
  CMHD_FRAMING_LENGTH_AND_CODING = 4,   // Content-Length and Transfer-Encoding together: 400
  CMHD_FRAMING_CHUNKED_NOT_LAST = 5,    // chunked given twice or not last: 400
  CMHD_FRAMING_UNKNOWN_CODING = 6,      // a transfer coding other than chunked: 501
  CMHD_FRAMING_TWO_HOSTS = 7,           // more than one Host: 400
  CMHD_FRAMING_CONTENT_ENCODING = 8,    // a Content-Encoding other than identity: 415
  CMHD_FRAMING_NO_HOST = 9,             // an HTTP/1.1 request without Host: 400 (RFC 9112 §3.2)
};

struct cmhd_framing_state_ {
  int result;
  int hosts;
  int lengths;
  const char *length;
  size_t length_size;
  int codings;                        // transfer codings seen, over every Transfer-Encoding field
  int chunked_at;                     // the position of the last `chunked`, or -1
  int chunked_count;
  int coding_fields;
};

static inline int cmhd_tchar_(unsigned char c) {
  if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-') return 1;
  switch (c) {
  case '!': case '#': case '$': case '%': case '&': case '\'': case '*': case '+': case '.': case '^': case '_':
  case '`': case '|': case '~':
    return 1;
  default:
    return 0;
  }
}

static inline int cmhd_same_name_(const char *key, size_t size, const char *name) {
  size_t n = __builtin_strlen(name);
  if (size != n) return 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char a = (unsigned char)key[i], b = (unsigned char)name[i];
    if (a >= 'A' && a <= 'Z') a |= 0x20;
    if (a != b) return 0;
  }
  return 1;
}

/// Whether `value[0..<size]`, without optional whitespace around it, equals `word` (lower case) in any case.
static inline int cmhd_is_word_(const char *value, size_t size, const char *word) {
  while (size > 0 && (*value == ' ' || *value == '\t')) { value++; size--; }
  while (size > 0 && (value[size - 1] == ' ' || value[size - 1] == '\t')) size--;
  return cmhd_same_name_(value, size, word);
}

static enum MHD_Result cmhd_framing_visit_(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                          const char *value, size_t value_size) {
  (void)kind;
  struct cmhd_framing_state_ *st = (struct cmhd_framing_state_ *)cls;
  if (key == NULL) return MHD_YES;
  if (key_size == 0) st->result = CMHD_FRAMING_BAD_NAME;
  for (size_t i = 0; i < key_size && st->result == 0; i++)
    if (!cmhd_tchar_((unsigned char)key[i])) st->result = CMHD_FRAMING_BAD_NAME;
  for (size_t i = 0; value != NULL && i < value_size && st->result == 0; i++) {
    unsigned char c = (unsigned char)value[i];
    if ((c < 0x20 && c != '\t') || c == 0x7F) st->result = CMHD_FRAMING_BAD_VALUE;
  }
  if (st->result != 0) return MHD_NO;
  if (value == NULL) { value = ""; value_size = 0; }
  if (cmhd_same_name_(key, key_size, "host")) {
    st->hosts++;
  } else if (cmhd_same_name_(key, key_size, "content-length")) {
    // Each field holds one value or a list of equal ones ("2, 2" is refused here too).
    size_t start = 0;
    while (start < value_size && (value[start] == ' ' || value[start] == '\t')) start++;
    size_t end = value_size;
    while (end > start && (value[end - 1] == ' ' || value[end - 1] == '\t')) end--;
    if (end == start) st->result = CMHD_FRAMING_CONFLICTING_LENGTH;
    for (size_t i = start; i < end; i++)
      if (value[i] < '0' || value[i] > '9') st->result = CMHD_FRAMING_CONFLICTING_LENGTH;
    if (st->lengths > 0 && (st->length_size != end - start || memcmp(st->length, value + start, end - start) != 0))
      st->result = CMHD_FRAMING_CONFLICTING_LENGTH;
    st->length = value + start;
    st->length_size = end - start;
    st->lengths++;
  } else if (cmhd_same_name_(key, key_size, "transfer-encoding")) {
    st->coding_fields++;
    size_t start = 0;
    for (size_t i = 0; i <= value_size; i++) {
      if (i < value_size && value[i] != ',') continue;
      if (cmhd_is_word_(value + start, i - start, "chunked")) {
        st->chunked_at = st->codings;
        st->chunked_count++;
        st->codings++;
      } else if (!cmhd_is_word_(value + start, i - start, "")) {
        st->codings++;
      }
      start = i + 1;
    }
  } else if (cmhd_same_name_(key, key_size, "content-encoding")) {
    if (!cmhd_is_word_(value, value_size, "identity") && !cmhd_is_word_(value, value_size, ""))
      st->result = CMHD_FRAMING_CONTENT_ENCODING;
  }
  return st->result == 0 ? MHD_YES : MHD_NO;
}

/// What the framing check read on the way: the Content-Length (-1 without one) and whether a
/// Transfer-Encoding was given, so the handler needs no second lookup.
struct cmhd_framing_info {
  long long length;
  int has_coding;
};

/// The strict framing check of a request whose headers are complete: one `enum cmhd_framing`.
/// `require_host`: the request is HTTP/1.1, which must carry Host.
static inline int cmhd_check_framing(struct MHD_Connection *connection, int require_host,
                                     struct cmhd_framing_info *info) {
  struct cmhd_framing_state_ st = {0, 0, 0, NULL, 0, 0, -1, 0, 0};
  MHD_get_connection_values_n(connection, MHD_HEADER_KIND, cmhd_framing_visit_, &st);
  info->has_coding = st.coding_fields > 0;
  info->length = -1;
  if (st.lengths > 0 && st.result == 0) {
    long long n = 0;
    for (size_t i = 0; i < st.length_size; i++) {
      if (n > (long long)1 << 50) { n = (long long)1 << 50; break; }  // far over any limit
      n = n * 10 + (st.length[i] - '0');
    }
    info->length = n;
  }
  if (st.result != 0) return st.result;
  if (st.hosts > 1) return CMHD_FRAMING_TWO_HOSTS;
  if (st.hosts == 0 && require_host) return CMHD_FRAMING_NO_HOST;
  if (st.coding_fields > 0 && st.codings == 0) return CMHD_FRAMING_CHUNKED_NOT_LAST;
  if (st.codings > 0) {
    if (st.lengths > 0) return CMHD_FRAMING_LENGTH_AND_CODING;
    if (st.chunked_count > 1 || (st.chunked_count == 1 && st.chunked_at != st.codings - 1))
      return CMHD_FRAMING_CHUNKED_NOT_LAST;
    if (st.chunked_count == 0 || st.codings > 1) return CMHD_FRAMING_UNKNOWN_CODING;
  }
  return CMHD_FRAMING_OK;
}

/// A response holding a copy of `size` bytes.
static inline struct MHD_Response *cmhd_response_copy(size_t size, const void *data) {
  return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}

static inline enum MHD_Result cmhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result cmhd_no(void) { return MHD_NO; }
static inline int cmhd_is_completed(enum MHD_RequestTerminationCode code) {
  return code == MHD_REQUEST_TERMINATED_COMPLETED_OK;
}

#endif
