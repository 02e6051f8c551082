/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Running the GNU assembler and objdump on a snippet.  Both run in a
 * child with limits on CPU time, file size and memory, so a `.rept
 * 1000000000' or a `.fill' of a gigabyte ends in a message rather than a
 * hang or a full disk, and under a wall-clock limit, so an assembler
 * waiting on a FIFO ends too (snippet/tool.c).  Their files are memory
 * files with no name (memfd), given to the tools as /proc/self/fd/N, the
 * descriptor they inherit: nothing is left in a directory however we
 * end, even by SIGKILL, and a tool dies with us if we are killed.
 *
 * A snippet is text someone else may have written, and the assembler
 * reads whatever files its directives name, with our privileges: the
 * directives that read files are refused, the assembler's list of what
 * it read (--MD) is checked after the fact for any that slipped past as
 * a macro, and its messages about other files, which quote them, are
 * withheld.  When AT&T text fails and names a register without its '%',
 * the message ends by offering --intel.
 */
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <strings.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cyclebench.h"
#include "arch/arch.h"
#include "snippet/assemble.h"
#include "snippet/assemble_steps.h"
#include "snippet/elf.h"
#include "snippet/tool.h"
#include "snippet/workdir.h"
#include "util/write_all.h"

#define MESSAGE_LINES	20		/* assembler messages shown */

/* Directives that read a file, as gas names them, in any case. */
static const char *const file_directives[] = { "include", "incbin" };

/* data[0..len-1], then a newline if it does not end with one. */
int
asm_write_source(const char *path, const char *data, size_t len)
{
	int fd, rc;

	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0)
		return (-1);
	rc = write_all(fd, data, len);
	/* A last line without its newline draws a warning from as. */
	if (rc == 0 && len > 0 && data[len - 1] != '\n')
		rc = write_all(fd, "\n", 1);
	if (close(fd) != 0)
		rc = -1;
	return (rc);
}

/* Does the line start "FILE:LINE:" for a FILE that is not `input'? */
static int
about_other_file(const char *line, const char *nl, const char *input)
{
	const char *colon = memchr(line, ':', (size_t)(nl - line));
	const char *p;

	if (colon == NULL || ((size_t)(colon - line) == strlen(input) &&
	    strncmp(line, input, strlen(input)) == 0))
		return (0);
	for (p = colon + 1; p < nl && isdigit((unsigned char)*p); p++)
		;
	return (p > colon + 1 && p < nl && *p == ':');
}

/*
 * The assembler's messages as the user should read them: its name for
 * the input ("{standard input}") replaced by the label, the "Assembler
 * messages:" header dropped, at most MESSAGE_LINES lines.  Unless
 * `others', those about another file are withheld: they quote it.
 */
static void
format_messages(const char *msg, const char *label, int others, char *out,
    size_t len)
{
	static const char stdin_name[] = "{standard input}";
	const char *line, *nl;
	size_t used = 0, lines = 0, more = 0, withheld = 0;
	int n;

	out[0] = '\0';
	for (line = msg; *line != '\0'; line = nl + (*nl != '\0')) {
		nl = strchr(line, '\n');
		if (nl == NULL)
			nl = line + strlen(line);
		if (nl == line || (strstr(line, "Assembler messages:") !=
		    NULL && strstr(line, "Assembler messages:") < nl))
			continue;
		if (!others && about_other_file(line, nl, stdin_name)) {
			withheld++;
			continue;
		}
		if (lines == MESSAGE_LINES) {
			more++;
			continue;
		}
		if (strncmp(line, stdin_name, sizeof(stdin_name) - 1) == 0) {
			n = snprintf(out + used, len - used, "%s%.*s\n", label,
			    (int)(nl - line - (sizeof(stdin_name) - 1)),
			    line + sizeof(stdin_name) - 1);
		} else
			n = snprintf(out + used, len - used, "%.*s\n",
			    (int)(nl - line), line);
		if (n < 0 || (size_t)n >= len - used)
			return;
		used += (size_t)n;
		lines++;
	}
	if (more > 0)
		used += (size_t)snprintf(out + used, len - used, "(%zu more "
		    "lines)\n", more);
	if (withheld > 0 && used < len)
		snprintf(out + used, len - used, "(%zu lines about other files "
		    "withheld: they may quote them)\n", withheld);
	/* The caller prints its own newline. */
	used = strlen(out);
	if (used > 0 && out[used - 1] == '\n')
		out[used - 1] = '\0';
}

/*
 * The target's tool (arch/arch.h: its command and the options that select
 * the target) followed by `more', into argv[0..cap-1], NULL-terminated.
 */
static void
tool_argv(const char *const *tool, const char *const *more, char **argv,
    size_t cap)
{
	size_t n = 0;

	for (; *tool != NULL && n + 1 < cap; tool++)
		argv[n++] = (char *)(uintptr_t)*tool;
	for (; *more != NULL && n + 1 < cap; more++)
		argv[n++] = (char *)(uintptr_t)*more;
	argv[n] = NULL;
}

int
asm_is_name_char(char c)
{
	return (isalnum((unsigned char)c) || c == '_' || c == '$');
}

/*
 * Intel text given as AT&T fails with "operand size mismatch", "bad
 * register name" or the like: when a register is named without its '%',
 * add the hint the assembler cannot give.
 */
static void
hint_intel(const char *src, size_t len, char *err, size_t errlen)
{
	size_t i, k, used;

	if (!arch_has_intel_syntax)
		return;
	for (i = 0; i < len; i = k) {
		for (k = i; k < len && isalnum((unsigned char)src[k]); k++)
			;
		if (k == i) {
			k++;
			continue;
		}
		if ((i > 0 && (src[i - 1] == '%' || src[i - 1] == '.' ||
		    asm_is_name_char(src[i - 1]))) ||
		    arch_reg_family(src + i, k - i) < 0)
			continue;
		used = strlen(err);
		snprintf(err + used, errlen - used, "\n(a register without "
		    "its '%%', '%.*s', is Intel syntax: did you mean --intel?)",
		    (int)(k - i), src + i);
		return;
	}
}

int
asm_run_as(const struct workdir *w, const char *label,
    const struct snippet_asm_opts *o, char *err, size_t errlen, char *warn,
    size_t warnlen)
{
	const char *att[] = { "--MD", w->dep, "-o", w->obj, "-", NULL };
	const char *intl[] = { "--MD", w->dep, "-o", w->obj, "-",
	    "-msyntax=intel", "-mnaked-reg", NULL };
	char *argv[16], *msg;
	size_t len;
	int status;

	tool_argv(arch_as_argv, o->intel ? intl : att, argv, 16);
	if ((status = tool_run(argv, "the assembler", "GNU binutils", w->src,
	    w->out, w->msg, o->timeout, NULL, err, errlen)) < 0)
		return (-1);
	if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0) &&
	    tool_limit_hit("the assembler", status, NULL, err, errlen))
		return (-1);
	msg = workdir_read(w->msg, 64 * 1024, &len);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		if (msg != NULL)
			format_messages(msg, label, o->allow_includes, warn,
			    warnlen);
		free(msg);
		return (0);
	}
	if (msg != NULL && len > 0)
		format_messages(msg, label, o->allow_includes, err, errlen);
	else
		snprintf(err, errlen, "the assembler failed (exit status %d) "
		    "without a message", WEXITSTATUS(status));
	free(msg);
	return (-1);
}

/*
 * A directive that reads a file, anywhere in the text: as a word, in any
 * case, since gas matches directives so and a macro or .irp may build
 * one from an argument.  The text is refused whole; --MD catches what is
 * spelt in pieces.
 */
static int
reads_files(const char *src, size_t len, const char *label, char *err,
    size_t errlen)
{
	const char *d;
	size_t i, k, n, line = 1;

	for (i = 0; i < len; i++) {
		if (src[i] == '\n')
			line++;
		if (i > 0 && asm_is_name_char(src[i - 1]))
			continue;
		for (k = 0; k < sizeof(file_directives) /
		    sizeof(file_directives[0]); k++) {
			d = file_directives[k];
			n = strlen(d);
			if (len - i >= n && strncasecmp(src + i, d, n) == 0 &&
			    (len - i == n || !asm_is_name_char(src[i + n]))) {
				snprintf(err, errlen, "%s:%zu: .%s reads a file, "
				    "which asm refuses by default: a snippet "
				    "would read whatever the user running it "
				    "may (--allow-includes permits it)", label,
				    line, d);
				return (1);
			}
		}
	}
	return (0);
}

/* The files the assembler read besides the snippet, from its --MD list. */
int
asm_read_others(const struct workdir *w, const char *label, char *err,
    size_t errlen)
{
	char *deps, *p;
	size_t len;

	/* "snippet.o: a.s b.bin \" ...: the input itself ("-") is not there. */
	if ((deps = workdir_read(w->dep, 64 * 1024, &len)) == NULL)
		return (0);
	p = strchr(deps, ':');
	p = p != NULL ? p + 1 + strspn(p + 1, " \t\\\n") : deps + len;
	if (*p != '\0') {
		p[strcspn(p, " \t\\\n")] = '\0';
		snprintf(err, errlen, "%s had the assembler read '%s': a "
		    "snippet may not read files unless --allow-includes is "
		    "given", label, p);
		free(deps);
		return (1);
	}
	free(deps);
	return (0);
}

/* "mov    $0x1,%rcx   # comment" as "mov $0x1,%rcx # comment". */
static void
squeeze(const char *in, char *out, size_t len)
{
	size_t n = 0;
	int space = 0;

	for (; *in != '\0' && *in != '\n' && n + 1 < len; in++) {
		if (isspace((unsigned char)*in)) {
			space = n > 0;
			continue;
		}
		if (space && n + 2 < len)
			out[n++] = ' ';
		space = 0;
		out[n++] = *in;
	}
	out[n] = '\0';
}

/*
 * objdump's listing, one "   offset:\tinstruction" line per instruction,
 * into c[0..n-1]: the object's .text when `prefix' is NULL (n is 1),
 * else its sections prefix0, prefix1, ... each under its own "Disassembly
 * of section" line.  Without objdump the snippet still runs; a fault is
 * then reported by offset alone and the default unroll counts bytes, so
 * failure here is not an error.
 */
void
asm_disassemble(const struct workdir *w, int intel, double timeout,
    const char *prefix, struct snippet_code *c, size_t n)
{
	const char *att[] = { "-d", "-z", "--no-show-raw-insn", w->obj,
	    NULL };
	const char *intl[] = { "-d", "-z", "--no-show-raw-insn", "-M",
	    "intel", w->obj, NULL };
	static const char header[] = "Disassembly of section ";
	char *argv[16], err[256], *list, *line, *next, *p;
	struct snippet_code *cur;
	size_t len, k;
	unsigned long off;
	int status;

	tool_argv(arch_objdump_argv, intel ? intl : att, argv, 16);
	status = tool_run(argv, "objdump", "GNU binutils", NULL, w->out,
	    w->msg, timeout, NULL, err, sizeof(err));
	if (status < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return;
	if ((list = workdir_read(w->out, 32L << 20, &len)) == NULL)
		return;
	for (k = 0; k < n; k++)
		if ((c[k].insns = calloc(c[k].len ? c[k].len : 1,
		    sizeof(*c[k].insns))) == NULL) {
			while (k > 0)
				free(c[--k].insns);
			free(list);
			return;
		}
	cur = prefix == NULL ? c : NULL;
	for (line = list; *line != '\0'; line = next) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (prefix != NULL && strncmp(line, header, sizeof(header) -
		    1) == 0) {
			p = line + sizeof(header) - 1;
			cur = NULL;
			if (strncmp(p, prefix, strlen(prefix)) == 0 &&
			    (k = strtoul(p + strlen(prefix), &p, 10)) < n &&
			    strcmp(p, ":") == 0)
				cur = &c[k];
			continue;
		}
		off = strtoul(line, &p, 16);
		if (cur == NULL || p == line || p[0] != ':' || p[1] != '\t' ||
		    off >= cur->len || cur->ninsns >= cur->len)
			continue;
		cur->insns[cur->ninsns].offset = (uint32_t)off;
		squeeze(p + 2, cur->insns[cur->ninsns++].text,
		    SNIPPET_INSN_TEXT);
	}
	free(list);
}

int
snippet_assemble(const char *src, size_t len, const char *label,
    const struct snippet_asm_opts *opts, struct snippet_code *c, char *err,
    size_t errlen, char *warn, size_t warnlen)
{
	struct snippet_asm_opts o = *opts;
	struct workdir w;
	struct stat st;
	const uint8_t *text;
	uint8_t *obj = NULL;
	size_t objlen, textlen;
	int rc = -1;

	memset(c, 0, sizeof(*c));
	warn[0] = '\0';
	if (len > SNIPPET_MAX_SOURCE) {
		snprintf(err, errlen, "%s is %zu bytes of assembly; the limit "
		    "is %d", label, len, SNIPPET_MAX_SOURCE);
		return (-1);
	}
	if (memchr(src, '\0', len) != NULL) {
		snprintf(err, errlen, "%s holds a NUL byte: not assembly text",
		    label);
		return (-1);
	}
	if (!o.allow_includes && reads_files(src, len, label, err, errlen))
		return (-1);
	if (!(o.timeout > 0))
		o.timeout = SNIPPET_TOOL_WALL;
	if (workdir_make(&w, err, errlen) != 0)
		return (-1);
	if (asm_write_source(w.src, src, len) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", w.src,
		    strerror(errno));
		goto out;
	}
	if (asm_run_as(&w, label, &o, err, errlen, warn, warnlen) != 0) {
		if (!o.intel && strncmp(err, "interrupted", 11) != 0)
			hint_intel(src, len, err, errlen);
		goto out;
	}
	if (!o.allow_includes && asm_read_others(&w, label, err, errlen))
		goto out;
	/* Read whole or not at all: a cut object would read as broken. */
	if (stat(w.obj, &st) == 0 && st.st_size > ASM_OBJ_MAX) {
		snprintf(err, errlen, "%s assembles to more than %d bytes of "
		    "code (an object of %jd bytes); the limit is %d", label,
		    SNIPPET_MAX_CODE, (intmax_t)st.st_size, SNIPPET_MAX_CODE);
		goto out;
	}
	if ((obj = (uint8_t *)workdir_read(w.obj, ASM_OBJ_MAX, &objlen)) ==
	    NULL) {
		snprintf(err, errlen, "cannot read the assembler's output: %s",
		    strerror(errno));
		goto out;
	}
	if (elf_snippet_text(obj, objlen, &text, &textlen, err, errlen) != 0)
		goto out;
	if (textlen > SNIPPET_MAX_CODE) {
		snprintf(err, errlen, "%s assembles to %zu bytes of code; the "
		    "limit is %d", label, textlen, SNIPPET_MAX_CODE);
		goto out;
	}
	if ((c->bytes = malloc(textlen ? textlen : 1)) == NULL) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	memcpy(c->bytes, text, textlen);
	c->len = textlen;
	asm_disassemble(&w, o.intel, o.timeout, NULL, c, 1);
	rc = 0;
out:
	free(obj);
	workdir_remove(&w);
	return (rc);
}

void
snippet_code_free(struct snippet_code *c)
{
	free(c->bytes);
	free(c->insns);
	memset(c, 0, sizeof(*c));
}

int
snippet_code_copy(struct snippet_code *to, const struct snippet_code *c)
{
	memset(to, 0, sizeof(*to));
	if ((to->bytes = malloc(c->len + 1)) == NULL ||
	    (to->insns = calloc(c->ninsns + 1, sizeof(*to->insns))) == NULL) {
		snippet_code_free(to);
		return (-1);
	}
	memcpy(to->bytes, c->bytes, c->len);
	memcpy(to->insns, c->insns, c->ninsns * sizeof(*c->insns));
	to->len = c->len;
	to->ninsns = c->ninsns;
	return (0);
}

const struct snippet_insn *
snippet_insn_at(const struct snippet_code *c, size_t offset)
{
	size_t lo = 0, hi = c->ninsns, mid;

	if (offset >= c->len || c->ninsns == 0 || offset < c->insns[0].offset)
		return (NULL);
	/* The last instruction starting at or before offset. */
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (c->insns[mid].offset <= offset)
			lo = mid;
		else
			hi = mid;
	}
	return (&c->insns[lo]);
}
