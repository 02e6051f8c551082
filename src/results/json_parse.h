/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Parsing JSON text into a Jansson tree, as strictly as json_loadb with
 * JSON_REJECT_DUPLICATES and twice as fast (json_parse.c says how).
 */
#ifndef CB_REPORT_JSON_PARSE_H
#define CB_REPORT_JSON_PARSE_H

#include <stddef.h>

#include <jansson.h>

/*
 * The object or array that buf[0..len-1] holds, or NULL with e's text,
 * line, column (in characters) and position (in bytes) saying what and
 * where; a document cut short has its error at position len.
 */
json_t	*json_parse(const char *buf, size_t len, json_error_t *e);

#endif
