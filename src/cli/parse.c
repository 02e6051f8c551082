/*
 * What every command's option parser shares: numbers read whole and in
 * range, and one shape for the message that refuses them.  Apart from
 * main.c so that the parsers can be linked without a main (the fuzz
 * target in tests/fuzz drives them).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"

void
usage_message(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "cyclebench: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'cyclebench %s%s--help'.\n", cmd ? cmd : "",
	    cmd ? " " : "");
}

int
parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || v < lo || v > hi)
		return (-1);
	*out = v;
	return (0);
}

int
parse_double(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (*s == '\0' || *end != '\0' || errno != 0 || !isfinite(v) ||
	    v < lo || v > hi)
		return (-1);
	*out = v;
	return (0);
}
