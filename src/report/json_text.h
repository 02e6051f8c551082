/* Strings for JSON outputs other than the results file. */
#ifndef CB_REPORT_JSON_TEXT_H
#define CB_REPORT_JSON_TEXT_H

#include <jansson.h>

/* s as a JSON string, a byte that is not UTF-8 as '?'; NULL as null. */
json_t	*report_json_text(const char *s);

#endif
