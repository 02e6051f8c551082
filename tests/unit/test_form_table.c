/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/form_table.c on a small results document made
 * here: a form with both rows and llvm-mca's figures, one whose latency
 * was not measured (its why in place), one measured in neither mode for
 * one reason, one with a latency row alone; in text, markdown and CSV.
 * Then hostile strings from the document (a CSV formula, markdown's '|',
 * terminal escapes, line breaks, an unknown flag): guarded, escaped,
 * scrubbed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report/form_table.h"
#include "csv_read.h"

/* One row of the results document: ok when reason is NULL. */
static void
add(json_t *doc, const char *opcode, const char *cls, const char *att,
    const char *mode, const char *reason, double median, double half,
    const char *flags)
{
	json_t *r, *fl = json_array();
	char buf[128], *p, *save = NULL;

	snprintf(buf, sizeof(buf), "%s", flags != NULL ? flags : "");
	for (p = strtok_r(buf, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save))
		json_array_append_new(fl, json_string(p));
	r = json_pack("{s:s, s:s, s:o, s:{s:s, s:s, s:s}}", "mode", mode,
	    "status", reason != NULL ? "skipped" : "ok", "flags", fl,
	    "form", "opcode", opcode, "class", cls, "att", att);
	assert_non_null(r);
	if (reason != NULL)
		json_object_set_new(r, "reason", json_string(reason));
	else
		json_object_set_new(r, "cycles", json_pack("{s:f, s:f, s:f}",
		    "median", median, "ci95_low", median - half, "ci95_high",
		    median + half));
	json_array_append_new(json_object_get(doc, "results"), r);
}

/* llvm-mca's prediction for the last row added. */
static void
add_mca(json_t *doc, double cycles)
{
	json_t *results = json_object_get(doc, "results");

	json_object_set_new(json_object_get(json_array_get(results,
	    json_array_size(results) - 1), "form"), "mca",
	    json_pack("{s:s, s:f}", "model", "skylake", "cycles", cycles));
}

/* As charz_prepare writes it: exegesis's refusal, no chain of ours. */
static const char cmp_why[] = "llvm-exegesis: unsupported memory operand "
    "in latency measurements; no chain of cyclebench's: reads memory and "
    "writes nothing that a copy reads";

static json_t *
document(void)
{
	json_t *doc = json_pack("{s:[]}", "results");

	assert_non_null(doc);
	add(doc, "ADD64rr", "base", "addq %rcx, %rbp", "latency", NULL, 1.0,
	    0.02, "noisy,disturbed");
	add_mca(doc, 1);
	add(doc, "ADD64rr", "base", "addq %r12, %r8; addq %rbx, %r14",
	    "throughput", NULL, 0.25, 0.01, "emulated");
	add_mca(doc, 0.33);
	add(doc, "CMP64mr", "base mem", "cmpq %r15, (%rdi)", "latency",
	    cmp_why, 0, 0, NULL);
	add(doc, "CMP64mr", "base mem", "cmpq %r15, (%rdi)", "throughput",
	    NULL, 0.5, 0.01, NULL);
	add(doc, "VADDPSZrr", "avx512", "vaddps %zmm1, %zmm2, %zmm3",
	    "latency", "not on this CPU (SIGILL)", 0, 0, NULL);
	add(doc, "VADDPSZrr", "avx512", "vaddps %zmm1, %zmm2, %zmm3",
	    "throughput", "not on this CPU (SIGILL)", 0, 0, NULL);
	add(doc, "LOCK_ADD64mr", "lock mem", "lock addq %r8, (%rdi)",
	    "latency", NULL, 18.04, 0.1, NULL);
	return (doc);
}

/* What report_form_table writes for doc in f, and its count. */
static char *
table(json_t *doc, enum form_format f, size_t *forms)
{
	char *text = NULL;
	size_t len = 0;
	FILE *fp;

	assert_non_null(fp = open_memstream(&text, &len));
	*forms = report_form_table(fp, doc, f);
	assert_int_equal(fclose(fp), 0);
	return (text);
}

/* CSV's record ends as "\n": which they are is test_csv_like_others's. */
static char *
unix_lines(char *s)
{
	char *from, *to;

	for (from = to = s; *from != '\0'; from++)
		if (!(from[0] == '\r' && from[1] == '\n'))
			*to++ = *from;
	*to = '\0';
	return (s);
}

/* Line i (0: the first) of text, into buf. */
static const char *
line(const char *text, int i, char *buf, size_t len)
{
	const char *e;

	for (; i > 0 && text != NULL; i--)
		if ((text = strchr(text, '\n')) != NULL)
			text++;
	assert_non_null(text);
	e = strchr(text, '\n');
	assert_non_null(e);
	snprintf(buf, len, "%.*s", (int)(e - text), text);
	return (buf);
}

static size_t
lines(const char *text)
{
	size_t n = 0;

	for (; *text != '\0'; text++)
		n += *text == '\n';
	return (n);
}

static void
assert_has(const char *s, const char *part)
{
	if (strstr(s, part) == NULL)
		fail_msg("no \"%s\" in \"%s\"", part, s);
}

static void
test_text(void **state)
{
	json_t *doc = document();
	char *out, buf[1024];
	size_t n;

	(void)state;
	out = table(doc, FORM_TEXT, &n);
	assert_int_equal(n, 4);
	assert_int_equal(lines(out), 5);
	line(out, 0, buf, sizeof(buf));
	assert_true(strncmp(buf, "opcode ", 7) == 0);
	assert_has(buf, " latency    mca    throughput    mca ");
	assert_has(buf, "form (AT&T)");
	/* Both figures, llvm-mca's beside each, the flags a table shows,
	   the throughput's copy by its first instruction. */
	line(out, 1, buf, sizeof(buf));
	assert_true(strncmp(buf, "ADD64rr ", 8) == 0);
	assert_has(buf, " 1.00+-0.02   1.00 ");
	assert_has(buf, " 0.25+-0.01   0.33 ");
	assert_has(buf, " noisy,emulated ");
	assert_null(strstr(buf, "disturbed"));
	assert_has(buf, " addq %r12, %r8 ...");
	assert_null(strstr(buf, "%rbx"));
	/* A latency not measured says why after the form; no llvm-mca
	   figure: "-". */
	line(out, 2, buf, sizeof(buf));
	assert_true(strncmp(buf, "CMP64mr ", 8) == 0);
	assert_has(buf, " n/m      - ");
	assert_has(buf, " 0.50+-0.01      - ");
	assert_has(buf, "cmpq %r15, (%rdi); latency not measured: ");
	assert_has(buf, cmp_why);
	/* Neither measured, for one reason: said once. */
	line(out, 3, buf, sizeof(buf));
	assert_has(buf, "vaddps %zmm1, %zmm2, %zmm3; not measured: not on "
	    "this CPU (SIGILL)");
	assert_null(strstr(buf, "latency not measured"));
	assert_null(strstr(buf, "throughput not measured"));
	/* No throughput row at all: "-", not "n/m". */
	line(out, 4, buf, sizeof(buf));
	assert_true(strncmp(buf, "LOCK_ADD64mr ", 13) == 0);
	assert_has(buf, " 18.04+-0.1 ");
	assert_has(buf, " - ");
	assert_null(strstr(buf, "n/m"));
	assert_has(buf, "lock addq %r8, (%rdi)");
	free(out);
	json_decref(doc);
}

static void
test_markdown(void **state)
{
	json_t *doc = document();
	char *out, buf[1024], want[512];
	size_t n;

	(void)state;
	out = table(doc, FORM_MARKDOWN, &n);
	assert_int_equal(n, 4);
	assert_int_equal(lines(out), 6);
	assert_string_equal(line(out, 0, buf, sizeof(buf)), "| opcode | class "
	    "| latency | mca | throughput | mca | flags | form |");
	assert_string_equal(line(out, 1, buf, sizeof(buf)),
	    "|---|---|--:|--:|--:|--:|---|---|");
	assert_string_equal(line(out, 2, buf, sizeof(buf)), "| ADD64rr | base "
	    "| 1.00+-0.02 | 1.00 | 0.25+-0.01 | 0.33 | noisy,emulated | "
	    "addq %r12, %r8 ... |");
	snprintf(want, sizeof(want), "| CMP64mr | base mem | n/m | - | "
	    "0.50+-0.01 | - |  | cmpq %%r15, (%%rdi); latency not measured: "
	    "%s |", cmp_why);
	assert_string_equal(line(out, 3, buf, sizeof(buf)), want);
	assert_string_equal(line(out, 4, buf, sizeof(buf)), "| VADDPSZrr | "
	    "avx512 | n/m | - | n/m | - |  | vaddps %zmm1, %zmm2, %zmm3; not "
	    "measured: not on this CPU (SIGILL) |");
	assert_string_equal(line(out, 5, buf, sizeof(buf)), "| LOCK\\_ADD64mr "
	    "| lock mem | 18.04+-0.1 | - | - | - |  | lock addq %r8, (%rdi) |");
	free(out);
	json_decref(doc);
}

static void
test_csv(void **state)
{
	json_t *doc = document();
	char *out, want[2048];
	size_t n;

	(void)state;
	out = unix_lines(table(doc, FORM_CSV, &n));
	assert_int_equal(n, 4);
	/* A figure, its half-interval and llvm-mca's: a number a cell;
	   one not measured or not predicted, empty. */
	snprintf(want, sizeof(want),
	    "opcode,class,latency,latency_ci95,latency_mca,throughput,"
	    "throughput_ci95,throughput_mca,flags,form\n"
	    "ADD64rr,base,1,0.02,1,0.25,0.01,0.33,\"noisy,emulated\","
	    "\"addq %%r12, %%r8 ...\"\n"
	    "CMP64mr,base mem,,,,0.5,0.01,,,\"cmpq %%r15, (%%rdi); latency "
	    "not measured: %s\"\n"
	    "VADDPSZrr,avx512,,,,,,,,\"vaddps %%zmm1, %%zmm2, %%zmm3; not "
	    "measured: not on this CPU (SIGILL)\"\n"
	    "LOCK_ADD64mr,lock mem,18.04,0.1,", cmp_why);
	assert_true(strlen(out) > strlen(want));
	assert_memory_equal(out, want, strlen(want));
	/* No throughput row: its cells, see test_csv_like_others. */
	assert_has(out + strlen(want), ",,,,,\"lock addq %r8, (%rdi)\"\n");
	free(out);
	json_decref(doc);
	/* No results: the header alone. */
	doc = json_pack("{s:[]}", "results");
	out = unix_lines(table(doc, FORM_CSV, &n));
	assert_int_equal(n, 0);
	assert_string_equal(out, "opcode,class,latency,latency_ci95,"
	    "latency_mca,throughput,throughput_ci95,throughput_mca,flags,"
	    "form\n");
	free(out);
	json_decref(doc);
}

/* Hostile names the escaping already guards: a CSV formula, a '|'. */
static void
test_formula_and_pipe(void **state)
{
	json_t *doc = json_pack("{s:[]}", "results");
	char *out, buf[1024];
	size_t n;

	(void)state;
	add(doc, "=cmd|' /C calc'!A0", "base", "a|b", "latency", NULL, 1, 0,
	    NULL);
	add(doc, "+SUM(A1)", "base", "@x", "latency", NULL, 1, 0, NULL);
	out = unix_lines(table(doc, FORM_CSV, &n));
	assert_int_equal(n, 2);
	assert_has(out, "\n\"'=cmd|' /C calc'!A0\",base,");
	assert_has(out, "\n\"'+SUM(A1)\",base,");
	assert_has(out, ",\"'@x\"\n");
	free(out);
	out = table(doc, FORM_MARKDOWN, &n);
	assert_string_equal(line(out, 2, buf, sizeof(buf)), "| =cmd\\|' /C "
	    "calc'!A0 | base | 1.00+-0 | - | - | - |  | a\\|b |");
	free(out);
	json_decref(doc);
}

/* Not a byte of a control character but the line ends. */
static void
assert_no_controls(const char *s, int cr)
{
	for (; *s != '\0'; s++)
		if (((unsigned char)*s < 0x20 && *s != '\n' &&
		    !(cr && *s == '\r')) || *s == 0x7f)
			fail_msg("control byte 0x%02x in \"%.40s\"",
			    (unsigned char)*s, s);
}

/*
 * Was a bug (form_table.c): the header says every string is scrubbed as it is
 * written, but markdown and CSV write the document's strings through
 * report_md_text and report_csv_text, which escape markup and quote
 * fields and let ESC and BEL through; and text mode's term_fprintf keeps
 * line breaks, so an opcode or a form's text with '\n' (exegesis's
 * strings are kept as read) splits a row.
 */
static void
test_scrubbed(void **state)
{
	static const enum form_format fmts[] = { FORM_TEXT, FORM_MARKDOWN,
	    FORM_CSV };
	json_t *doc = json_pack("{s:[]}", "results");
	char *out;
	size_t n, i;

	(void)state;
	add(doc, "EVIL\x1b[2J\nX", "base\x07", "\x1b]0;owned\x07 addq\nfake "
	    "| row", "latency", NULL, 1, 0, "\x1b[31mred");
	add(doc, "WHY", "base", "x", "latency", "crashed\x1b[1A\r\nagain", 0,
	    0, NULL);
	for (i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
		out = table(doc, fmts[i], &n);
		assert_int_equal(n, 2);
		assert_no_controls(out, fmts[i] == FORM_CSV);
		/* One line a form, after the header (and markdown's rule). */
		assert_int_equal(lines(out),
		    (fmts[i] == FORM_MARKDOWN ? 2 : 1) + 2);
		free(out);
	}
	json_decref(doc);
}

/*
 * Was a bug (form_table.c): its CSV is not like cyclebench's other CSVs
 * (report/csv.c, compare_csv.c, crosstab.c, history.c): records end in
 * "\n", not RFC 4180's "\r\n"; and a figure that is not there is
 * written "-", which report_csv_text guards as a formula ("'-"), where
 * the others leave an unknown value's cell empty.
 */
static void
test_csv_like_others(void **state)
{
	json_t *doc = document();
	char fields[10][CSV_FIELD], *out;
	const char *p;
	size_t n;
	int nf, i;

	(void)state;
	out = table(doc, FORM_CSV, &n);
	p = csv_record(out, fields, 10, &nf);
	assert_int_equal(nf, 10);
	p = csv_record(p, fields, 10, &nf);
	assert_int_equal(nf, 10);
	assert_string_equal(fields[0], "ADD64rr");
	assert_string_equal(fields[2], "1");
	assert_string_equal(fields[3], "0.02");
	assert_string_equal(fields[4], "1");
	assert_string_equal(fields[8], "noisy,emulated");
	for (i = 0; i < 3; i++)
		p = csv_record(p, fields, 10, &nf);
	assert_int_equal(nf, 10);
	assert_string_equal(fields[0], "LOCK_ADD64mr");
	assert_string_equal(fields[2], "18.04");
	assert_string_equal(fields[3], "0.1");
	/* No throughput row, no llvm-mca figure: empty, not "'-". */
	for (i = 4; i < 8; i++)
		assert_string_equal(fields[i], "");
	free(out);
	json_decref(doc);
}

/*
 * Was a bug (form_table.c, cell_of): an interval the results file does not
 * know (ci95_low and ci95_high null, as a row of too few samples has
 * them) reads as 0 and 0, so the table claims "+-0.00"; figure() has a
 * case for an unknown half-width that is never reached.
 */
static void
test_unknown_interval(void **state)
{
	json_t *doc = json_pack("{s:[]}", "results"), *cy;
	char *out, buf[512];
	size_t n;

	(void)state;
	add(doc, "ADD64rr", "base", "addq %rcx, %rbp", "latency", NULL, 1, 0,
	    NULL);
	cy = json_object_get(json_array_get(json_object_get(doc, "results"),
	    0), "cycles");
	json_object_set_new(cy, "ci95_low", json_null());
	json_object_set_new(cy, "ci95_high", json_null());
	out = table(doc, FORM_TEXT, &n);
	line(out, 1, buf, sizeof(buf));
	assert_has(buf, " 1.00 ");
	assert_null(strstr(buf, "+-"));
	free(out);
	json_decref(doc);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_markdown),
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_formula_and_pipe),
		cmocka_unit_test(test_scrubbed),
		cmocka_unit_test(test_csv_like_others),
		cmocka_unit_test(test_unknown_interval),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
