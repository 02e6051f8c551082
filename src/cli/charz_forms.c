/* SPDX-License-Identifier: BSD-2-Clause */
/* The forms of a characterize run (cli/charz_forms.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "characterize/kept.h"
#include "cli/charz_forms.h"
#include "cli/cli.h"
#include "util/mkdirs.h"
#include "util/scrub.h"

int
charz_cache_dir(char *dir, size_t len)
{
	const char *cache = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	size_t n;

	if (cache != NULL && cache[0] == '/')
		n = (size_t)snprintf(dir, len, "%s/cyclebench", cache);
	else if (home != NULL && home[0] == '/')
		n = (size_t)snprintf(dir, len, "%s/.cache/cyclebench", home);
	else
		return (-1);
	return (n < len ? mkdirs(dir, 0700) : -1);
}

/*
 * The snippets kept from the last run on this CPU and LLVM (kept.h), into
 * lat and thr: 1 read, 0 none (or --new-snippets, or no cache directory).
 */
static int
snippets_kept(const struct charz_args *a, const char *keep, struct xdocs *lat,
    struct xdocs *thr)
{
	char err[1024];
	int rc;

	if (a->new_snippets || keep == NULL)
		return (0);
	if ((rc = kept_read(keep, "latency", lat, err, sizeof(err))) == 0 &&
	    (rc = kept_read(keep, "inverse_throughput", thr, err,
	    sizeof(err))) == 0) {
		term_eprintf("cyclebench: measuring the snippets llvm-exegesis "
		    "wrote for this CPU before, kept in %s-*.yaml "
		    "(--new-snippets for new ones)\n", keep);
		return (1);
	}
	if (rc < 0)
		term_eprintf("cyclebench: not using the kept snippets: %s\n",
		    err);
	xdocs_free(lat);
	xdocs_free(thr);
	return (0);
}

/*
 * The Intel text of cyclebench's chains and independent copies, which
 * exegesis did not write: two a form at most.
 */
static int
chains_intel(const char *mc, struct forms *fs, char *err, size_t errlen)
{
	char **att, **intel;
	size_t i, n = 0;
	int rc = -1;

	att = calloc(2 * fs->n + 1, sizeof(*att));
	intel = calloc(2 * fs->n + 1, sizeof(*intel));
	if (att == NULL || intel == NULL)
		snprintf(err, errlen, "out of memory");
	else {
		for (i = 0; i < fs->n; i++) {
			if (fs->f[i].chained)
				att[n++] = fs->f[i].chain.body;
			if (fs->f[i].wide.body != NULL)
				att[n++] = fs->f[i].wide.body;
		}
		rc = disasm_intel(mc, att, n, intel, CHARZ_TOOL_TIMEOUT, err,
		    errlen);
	}
	for (i = 0, n = 0; rc == 0 && i < fs->n; i++) {
		if (fs->f[i].chained)
			fs->f[i].chain_intel = intel[n++];
		if (fs->f[i].wide.body != NULL)
			fs->f[i].wide.intel = intel[n++];
	}
	free(att);
	free(intel);
	return (rc);
}

int
charz_make_forms(const struct charz_args *a, const struct machine *m,
    struct llvm_tools *tools, struct xdocs *lat, struct xdocs *thr,
    struct xsplit **ls, struct xsplit **ts, struct forms *fs)
{
	struct llvm_tools t;
	char err[1024], dir[4096], keep[4096], *list = NULL, *k = NULL;
	size_t matched;
	int rc = -1;

	if (llvm_tools_find(&t, a->llvm, err, sizeof(err)) != 0) {
		term_eprintf("cyclebench: %s\n", err);
		return (EXIT_USAGE);
	}
	*tools = t;
	/* A filter that cannot be read is refused before exegesis's 20 s. */
	if (forms_check_filters(a->filters, a->nfilters, err, sizeof(err)) !=
	    0) {
		term_eprintf("cyclebench: %s\n", err);
		return (EXIT_USAGE);
	}
	if (charz_cache_dir(dir, sizeof(dir)) == 0) {
		kept_base(keep, sizeof(keep), dir, t.version, m);
		k = keep;
	}
	list = forms_opcode_list(a->filters, a->nfilters);
	if (snippets_kept(a, k, lat, thr)) {
		if (list != NULL) {
			xdocs_keep(lat, list);
			xdocs_keep(thr, list);
		}
		goto split;
	}
	/*
	 * exegesis knows opcodes by their exact names; one it does not know
	 * (add64rr, a typo) ends its run, so then every opcode is written and
	 * the filters choose, ignoring case as they promise.
	 */
	if (list != NULL && exegesis_generate(&t, "latency", list, NULL,
	    CHARZ_TOOL_TIMEOUT, lat, err, sizeof(err)) != 0) {
		if (cb_interrupted())
			goto out;
		free(list);
		list = NULL;
	}
	if ((list == NULL && exegesis_generate(&t, "latency", NULL, k,
	    CHARZ_TOOL_TIMEOUT, lat, err, sizeof(err)) != 0) ||
	    exegesis_generate(&t, "inverse_throughput", list, k,
	    CHARZ_TOOL_TIMEOUT, thr, err, sizeof(err)) != 0)
		goto out;
split:
	if ((*ls = calloc(lat->n + 1, sizeof(**ls))) == NULL ||
	    (*ts = calloc(thr->n + 1, sizeof(**ts))) == NULL) {
		snprintf(err, sizeof(err), "out of memory");
		goto out;
	}
	if (disasm_split(t.mc, lat, *ls, CHARZ_TOOL_TIMEOUT, err,
	    sizeof(err)) != 0 || disasm_split(t.mc, thr, *ts,
	    CHARZ_TOOL_TIMEOUT, err, sizeof(err)) != 0)
		goto out;
	if (forms_join(lat, *ls, thr, *ts, fs) != 0) {
		snprintf(err, sizeof(err), "out of memory");
		goto out;
	}
	if (forms_filter(fs, a->filters, a->nfilters, err, sizeof(err)) !=
	    0) {
		free(list);
		term_eprintf("cyclebench: %s\n", err);
		return (EXIT_USAGE);
	}
	/* Forms named one by one are all measured, --quick or not. */
	if (a->subset && list == NULL) {
		matched = fs->n;
		forms_quick(fs);
		if (fs->n == 0 && matched > 0) {
			free(list);
			return (usage_error("characterize", "--quick measures "
			    "one register form a mnemonic, and none of the %zu "
			    "forms chosen is one: leave out --quick", matched));
		}
	}
	forms_widen(fs);
	rc = chains_intel(t.mc, fs, err, sizeof(err));
out:
	free(list);
	if (rc != 0)
		term_eprintf("cyclebench: %s\n", err);
	return (rc != 0 ? EXIT_USAGE : 0);
}
