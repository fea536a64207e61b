#ifndef FORM_RULES_CMICROHTTPD_SHIM_H
#define FORM_RULES_CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
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
  unsigned int per_ip_connection_limit;  // 0: none
  unsigned int connection_timeout;    // seconds of inactivity before a connection is closed
  size_t connection_memory_limit;     // bytes per connection for the request line and headers
};

static inline struct MHD_Daemon *cmhd_start(
    const struct cmhd_settings *s, MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls) {
  struct MHD_OptionItem ops[] = {
    {MHD_OPTION_LISTEN_SOCKET, (intptr_t)s->listen_fd, NULL},
    {MHD_OPTION_CONNECTION_LIMIT, (intptr_t)s->connection_limit, NULL},
    {MHD_OPTION_PER_IP_CONNECTION_LIMIT, (intptr_t)s->per_ip_connection_limit, NULL},
    {MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)s->connection_timeout, NULL},
    {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)s->connection_memory_limit, NULL},
    {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, completed_cls},
    {MHD_OPTION_STRICT_FOR_CLIENT, 1, NULL},
    {s->thread_pool_size > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END,
     (intptr_t)s->thread_pool_size, NULL},
    {MHD_OPTION_END, 0, NULL},
  };
  return MHD_start_daemon(s->flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, ops, MHD_OPTION_END);
}

/// The peer's address, or NULL.
static inline const struct sockaddr *cmhd_client_address(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}

/// The number of open connections of a daemon, or -1.
static inline int cmhd_current_connections(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
  return info == NULL ? -1 : (int)info->num_connections;
}

static inline ssize_t cmhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t cmhd_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }
static inline uint64_t cmhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }

/// Internal polling threads (a pool when `thread_pool_size` > 1), epoll where available, and the
/// inter-thread channel that MHD_quiesce_daemon needs to stop accepting while requests finish.
static inline unsigned int cmhd_flags(void) {
  return MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ITC;
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
