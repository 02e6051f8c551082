/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Running llvm-mca over many snippets (characterize/mca.h says what its
 * figures mean).  A probe run (one nop) learns the model and fails
 * early, with llvm-mca's own words, on a CPU it does not know.  Then the
 * snippets go in chunks, each snippet a code region on a line of its
 * own between `# LLVM-MCA-BEGIN rJ' and `# LLVM-MCA-END', and -json
 * output, whose figures are exact (the text report rounds Block
 * RThroughput to one decimal).  A chunk bounds llvm-mca's memory (it
 * keeps every region: a gigabyte for exegesis's 17,000 throughput
 * snippets in one run) and what one rejected snippet costs.
 *
 * llvm-mca rejects snippets two ways.  A line that does not assemble is
 * reported as FILE:LINE:COL and dropped, the run going on: the line
 * names the region, and a region whose instruction count is not the
 * snippet's gets no figures either.  An instruction the model has no
 * figures for ends the run with "note: instruction: TEXT" and no output:
 * the regions holding that instruction are dropped, those before the
 * first of them (which llvm-mca simulated before it stopped) are run
 * again on their own, and the rest goes on.  A failure that names no
 * region (a crash) splits the chunk in halves, down to one snippet,
 * which then gets no figures.
 */
#include <sys/wait.h>

#include <ctype.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cyclebench.h"
#include "characterize/mca.h"
#include "snippet/tool.h"
#include "snippet/workdir.h"
#include "util/time.h"
#include "util/write_all.h"

#define MCA_ITERATIONS	"100"
#define MCA_CHUNK	512		/* snippets a run */
#define MCA_MAX_READ	(1UL << 28)

static const struct tool_limits mca_limits = {
	.cpu_seconds = 600,
	.max_file = 1L << 28,
};

/*
 * Scheduling models by the prefix of their resources' names (LLVM 16's
 * X86Sched*.td); a prefix must be followed by a capital letter, so that
 * Zn does not take Zn2's.
 */
static const struct {
	const char	*prefix, *name;
} models[] = {
	{ "ADLP", "Alder Lake P-core" },
	{ "Atom", "Bonnell" },
	{ "BW", "Broadwell" },
	{ "HW", "Haswell" },
	{ "ICX", "Ice Lake" },
	{ "J", "Jaguar" },
	{ "Pd", "Piledriver" },
	{ "SB", "Sandy Bridge" },
	{ "SKL", "Skylake" },
	{ "SKX", "Skylake-SP" },
	{ "SLM", "Silvermont" },
	{ "Zn", "Zen" },
	{ "Zn2", "Zen 2" },
	{ "Zn3", "Zen 3" },
	{ "Zn4", "Zen 4" },
};

struct batch {
	const char	 *mca, *mcpu;
	char *const	 *att;
	const size_t	 *ninsns;
	double		 *rthr, *lat;
	unsigned char	 *bad;		/* per snippet: rejected */
	char		 *model;
	size_t		  modellen;
	double		  deadline, timeout;
	struct workdir	  w;
	char		 *err;
	size_t		  errlen;
};

/* One run's ending. */
enum outcome {
	RAN,		/* figures taken */
	BLAMED,		/* failed, and named the snippets at fault */
	FAILED		/* failed, naming none */
};

static void
name_model(struct batch *b, json_t *target)
{
	const char *cpu, *res, *name = NULL;
	char clean[64];
	size_t i, n;

	cpu = json_string_value(json_object_get(target, "CPUName"));
	res = json_string_value(json_array_get(json_object_get(target,
	    "Resources"), 0));
	if (cpu == NULL)
		return;
	/* Text from a program, bound for a terminal: a name's letters. */
	for (i = 0; i < sizeof(clean) - 1 && cpu[i] != '\0'; i++)
		clean[i] = isalnum((unsigned char)cpu[i]) || cpu[i] == '-' ||
		    cpu[i] == '_' || cpu[i] == '.' ? cpu[i] : '?';
	clean[i] = '\0';
	for (i = 0; res != NULL && i < sizeof(models) / sizeof(models[0]);
	    i++) {
		n = strlen(models[i].prefix);
		if (strncmp(res, models[i].prefix, n) == 0 &&
		    isupper((unsigned char)res[n]))
			name = models[i].name;
	}
	if (name == NULL)
		snprintf(b->model, b->modellen, "%s", clean);
	else if (b->mcpu == NULL && strcmp(clean, "generic") == 0)
		snprintf(b->model, b->modellen, "generic (%s model: this LLVM "
		    "has no model of the host CPU)", name);
	else
		snprintf(b->model, b->modellen, "%s (%s model)", clean, name);
}

/* What llvm-mca said last, for a message. */
static void
last_words(const char *msg, char *buf, size_t len)
{
	const char *e = msg + strlen(msg), *s;

	while (e > msg && isspace((unsigned char)e[-1]))
		e--;
	for (s = e; s > msg && s[-1] != '\n'; s--)
		;
	snprintf(buf, len, "%.*s", (int)(e - s > 200 ? 200 : e - s), s);
}

/*
 * Run llvm-mca on `text': its wait status, with its output and messages
 * in new buffers; -1 with err when it could not be run or read.
 */
static int
run(struct batch *b, const char *text, char **out, size_t *outlen,
    char **msg)
{
	char *argv[10], cpu[128];
	size_t len, i = 0;
	int fd, status;
	double left;

	*out = *msg = NULL;
	if ((fd = open(b->w.src, O_WRONLY | O_TRUNC)) < 0 ||
	    write_all(fd, text, strlen(text)) != 0 || close(fd) != 0) {
		snprintf(b->err, b->errlen, "cannot write llvm-mca's input");
		return (-1);
	}
	if ((left = b->deadline - monotonic_seconds()) <= 0)
		goto late;
	argv[i++] = (char *)b->mca;
	argv[i++] = (char *)"-mtriple=x86_64";
	if (b->mcpu != NULL) {
		snprintf(cpu, sizeof(cpu), "-mcpu=%s", b->mcpu);
		argv[i++] = cpu;
	}
	argv[i++] = (char *)"-json";
	argv[i++] = (char *)"-iterations=" MCA_ITERATIONS;
	argv[i++] = (char *)"-instruction-info=false";
	argv[i++] = (char *)"-resource-pressure=false";
	argv[i++] = b->w.src;
	argv[i] = NULL;
	status = tool_run(argv, "llvm-mca", "LLVM", NULL, b->w.out, b->w.msg,
	    left, &mca_limits, b->err, b->errlen);
	if (status == TOOL_STOPPED && !cb_interrupted())
		goto late;
	if (status < 0)
		return (-1);
	if ((*out = workdir_read(b->w.out, MCA_MAX_READ, outlen)) == NULL ||
	    (*msg = workdir_read(b->w.msg, MCA_MAX_READ, &len)) == NULL) {
		free(*out);
		*out = NULL;
		snprintf(b->err, b->errlen, "cannot read llvm-mca's output");
		return (-1);
	}
	return (status);
late:
	snprintf(b->err, b->errlen, "llvm-mca did not finish in the %g s "
	    "given", b->timeout);
	return (-1);
}

/* Whether instruction `insn' (spaces aside) is one of body's. */
static int
holds(const char *body, const char *insn)
{
	const char *s, *t;

	for (s = body; ; s++) {
		for (t = insn; ; s++) {
			while (isspace((unsigned char)*s))
				s++;
			while (isspace((unsigned char)*t))
				t++;
			if (*t == '\0' || *s != *t)
				break;
			t++;
		}
		if (*t == '\0' && (*s == '\0' || *s == ';'))
			return (1);
		while (*s != '\0' && *s != ';')
			s++;
		if (*s == '\0')
			return (0);
	}
}

/*
 * Mark the snippets llvm-mca's messages name: idx[j]'s body is line
 * 3j + 2.  The number newly marked; *first, the least j marked.
 */
static size_t
blame(struct batch *b, char *msg, const size_t *idx, size_t k, size_t *first)
{
	char *line, *nl, *p;
	unsigned long l;
	size_t j, marked = 0;

	*first = k;
	for (line = msg; line != NULL && *line != '\0'; line = nl) {
		if ((nl = strchr(line, '\n')) != NULL)
			*nl++ = '\0';
		if ((p = strstr(line, ": error: ")) != NULL) {
			while (p > line && isdigit((unsigned char)p[-1]))
				p--;
			if (p > line && p[-1] == ':')
				p--;
			while (p > line && isdigit((unsigned char)p[-1]))
				p--;
			l = strtoul(p, NULL, 10);
			if (l < 2 || (l - 2) % 3 != 0 || (l - 2) / 3 >= k)
				continue;
			j = (l - 2) / 3;
			marked += !b->bad[idx[j]];
			b->bad[idx[j]] = 1;
			*first = j < *first ? j : *first;
		} else if (strncmp(line, "note: instruction: ", 19) == 0) {
			for (j = 0; j < k; j++)
				if (!b->bad[idx[j]] &&
				    holds(b->att[idx[j]], line + 19)) {
					b->bad[idx[j]] = 1;
					marked++;
					*first = j < *first ? j : *first;
				}
		}
	}
	return (marked);
}

/* The figures of every region in llvm-mca's JSON. */
static int
harvest(struct batch *b, const char *out, size_t len, const size_t *idx,
    size_t k)
{
	json_error_t e;
	json_t *root, *r, *sv;
	const char *name;
	double iters, cycles, block;
	size_t i, j, g;
	char *end;

	/* Resources of several units come as "SBPort23.\u0000". */
	if ((root = json_loadb(out, len, JSON_ALLOW_NUL, &e)) == NULL) {
		snprintf(b->err, b->errlen, "llvm-mca's JSON, line %d: %s",
		    e.line, e.text);
		return (-1);
	}
	if (b->model[0] == '\0')
		name_model(b, json_object_get(root, "TargetInfo"));
	json_array_foreach(json_object_get(root, "CodeRegions"), i, r) {
		name = json_string_value(json_object_get(r, "Name"));
		if (name == NULL || name[0] != 'r' || !isdigit((unsigned
		    char)name[1]))
			continue;
		j = strtoul(name + 1, &end, 10);
		if (*end != '\0' || j >= k || b->bad[g = idx[j]] ||
		    json_array_size(json_object_get(r, "Instructions")) !=
		    b->ninsns[g])
			continue;
		sv = json_object_get(r, "SummaryView");
		iters = json_number_value(json_object_get(sv, "Iterations"));
		cycles = json_number_value(json_object_get(sv, "TotalCycles"));
		block = json_number_value(json_object_get(sv,
		    "BlockRThroughput"));
		if (!(iters > 0) || !(cycles > 0) || !(block > 0))
			continue;
		b->rthr[g] = block / (double)b->ninsns[g];
		b->lat[g] = cycles / iters / (double)b->ninsns[g];
	}
	json_decref(root);
	return (0);
}

/* The input for idx[0..k-1], or NULL when out of memory. */
static char *
regions(const struct batch *b, const size_t *idx, size_t k)
{
	size_t j, n = 1;
	char *s, *p;

	for (j = 0; j < k; j++)
		n += strlen(b->att[idx[j]]) + 64;
	if ((s = p = malloc(n)) == NULL)
		return (NULL);
	for (j = 0; j < k; j++)
		p += sprintf(p, "# LLVM-MCA-BEGIN r%zu\n%s\n# LLVM-MCA-END\n",
		    j, b->att[idx[j]]);
	*p = '\0';
	return (s);
}

static int
once(struct batch *b, const size_t *idx, size_t k, enum outcome *how,
    size_t *first)
{
	char *text, *out = NULL, *msg = NULL;
	size_t len;
	int status, rc = -1;

	if ((text = regions(b, idx, k)) == NULL) {
		snprintf(b->err, b->errlen, "out of memory");
		return (-1);
	}
	if ((status = run(b, text, &out, &len, &msg)) < 0)
		goto out;
	if (blame(b, msg, idx, k, first) > 0)
		*how = BLAMED;
	else
		*how = FAILED;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		*how = RAN;
		if (harvest(b, out, len, idx, k) != 0)
			goto out;
	}
	rc = 0;
out:
	free(text);
	free(out);
	free(msg);
	return (rc);
}

/* Predict idx[0..k-1], the snippets in bad left out. */
static int
predict(struct batch *b, size_t *idx, size_t k)
{
	enum outcome how;
	size_t i, j, first, before;

	while (k > 0) {
		if (once(b, idx, k, &how, &first) != 0)
			return (-1);
		if (how == RAN)
			return (0);
		if (how == FAILED) {
			if (k == 1)
				return (0);
			return (predict(b, idx, k / 2) != 0 ? -1 :
			    predict(b, idx + k / 2, k - k / 2));
		}
		for (i = j = before = 0; i < k; i++)
			if (!b->bad[idx[i]]) {
				before += i < first;
				idx[j++] = idx[i];
			}
		k = j;
		if (before > 0 && predict(b, idx, before) != 0)
			return (-1);
		idx += before;
		k -= before;
	}
	return (0);
}

/* One nop for the model, and to hear early what llvm-mca cannot do. */
static int
probe(struct batch *b)
{
	char *out, *msg, said[256];
	size_t len;
	int status, rc = -1;

	if ((status = run(b, "nop\n", &out, &len, &msg)) < 0)
		return (-1);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		last_words(msg, said, sizeof(said));
		snprintf(b->err, b->errlen, "%s%s%s failed (%s %d)%s%s",
		    b->mca, b->mcpu != NULL ? " -mcpu=" : "",
		    b->mcpu != NULL ? b->mcpu : "", WIFEXITED(status) ? "exit" :
		    "signal", WIFEXITED(status) ? WEXITSTATUS(status) :
		    WTERMSIG(status), said[0] != '\0' ? ": " : "", said);
	} else {
		rc = harvest(b, out, len, NULL, 0);
	}
	free(out);
	free(msg);
	return (rc);
}

/*
 * A body llvm-mca can read as one line of instructions: no line break or
 * comment to hide the rest, and no directive (.include, .rept) among
 * them, which would make the assembler do more than read instructions.
 */
static int
usable(const char *att, size_t ninsns)
{
	const char *s;

	if (att == NULL || ninsns == 0 || att[strspn(att, " \t;")] == '\0' ||
	    strpbrk(att, "\n\r#") != NULL)
		return (0);
	for (s = att; ; s++) {
		s += strspn(s, " \t");
		if (*s == '.')
			return (0);
		if ((s = strchr(s, ';')) == NULL)
			return (1);
	}
}

int
mca_predict(const char *mca, const char *mcpu, char *const *att,
    const size_t *ninsns, size_t n, double *rthroughput, double *latency,
    char *model, size_t modellen, double timeout, char *err, size_t errlen)
{
	struct batch b = {
		.mca = mca, .mcpu = mcpu, .att = att, .ninsns = ninsns,
		.rthr = rthroughput, .lat = latency, .model = model,
		.modellen = modellen, .err = err, .errlen = errlen,
		.deadline = monotonic_seconds() + timeout, .timeout = timeout,
	};
	size_t *idx, i, k = 0;
	int rc = -1;

	model[0] = '\0';
	for (i = 0; i < n; i++)
		rthroughput[i] = latency[i] = NAN;
	if ((idx = calloc(n + 1, sizeof(*idx))) == NULL ||
	    (b.bad = calloc(n + 1, 1)) == NULL) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	for (i = 0; i < n; i++)
		if (usable(att[i], ninsns[i]))
			idx[k++] = i;
	if (workdir_make(&b.w, err, errlen) != 0)
		goto out;
	if (probe(&b) == 0) {
		for (i = 0; i < k; i += MCA_CHUNK)
			if (predict(&b, idx + i, k - i < MCA_CHUNK ? k - i :
			    MCA_CHUNK) != 0)
				break;
		rc = i < k ? -1 : 0;
	}
	workdir_remove(&b.w);
out:
	free(idx);
	free(b.bad);
	return (rc);
}
