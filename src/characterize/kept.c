/* SPDX-License-Identifier: BSD-2-Clause */
/* exegesis's snippets kept from run to run (characterize/kept.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "characterize/kept.h"
#include "results/atomic_file.h"
#include "snippet/workdir.h"

#define KEPT_MAX_READ	(1UL << 30)

/* FNV-1a, 64 bits: a name, not a defence (the cache is the user's). */
static uint64_t
fnv1a(uint64_t h, const char *s)
{
	for (; *s != '\0'; s++) {
		h ^= (unsigned char)*s;
		h *= UINT64_C(0x100000001b3);
	}
	return (h);
}

void
kept_base(char *buf, size_t len, const char *dir, int llvm,
    const struct machine *m)
{
	char what[512];

	snprintf(what, sizeof(what), "%s|%s|%u|%u|%u|%s|%x", m->cpu_vendor,
	    m->cpu_brand, m->cpu_family, m->cpu_model, m->cpu_stepping,
	    m->microcode, m->cpu_features);
	snprintf(buf, len, "%s/exegesis-%d-%016" PRIx64, dir, llvm,
	    fnv1a(UINT64_C(0xcbf29ce484222325), what));
}

static int
name(char *buf, size_t len, const char *base, const char *mode,
    const char *ext)
{
	return ((size_t)snprintf(buf, len, "%s-%s.%s", base, mode, ext) < len ?
	    0 : -1);
}

int
kept_read(const char *base, const char *mode, struct xdocs *out, char *err,
    size_t errlen)
{
	char yaml[4096], msgs[4096], why[256];
	char *text = NULL, *msg = NULL;
	size_t len = 0, msglen = 0;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (name(yaml, sizeof(yaml), base, mode, "yaml") != 0 ||
	    name(msgs, sizeof(msgs), base, mode, "stderr") != 0)
		return (1);
	if ((text = workdir_read(yaml, KEPT_MAX_READ, &len)) == NULL ||
	    (msg = workdir_read(msgs, KEPT_MAX_READ, &msglen)) == NULL) {
		if (errno == ENOENT)
			rc = 1;
		else
			snprintf(err, errlen, "%s: %s", text == NULL ? yaml :
			    msgs, strerror(errno));
		goto out;
	}
	if (exegesis_parse(text, len, mode, out, why, sizeof(why)) != 0) {
		snprintf(err, errlen, "%s, %s", yaml, why);
		goto out;
	}
	if (exegesis_add_refusals(msg, msglen, mode, out) != 0) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	rc = 0;
out:
	if (rc != 0)
		xdocs_free(out);
	free(text);
	free(msg);
	return (rc);
}

int
kept_write(const char *base, const char *mode, const char *text, size_t len,
    const char *msg, size_t msglen, char *err, size_t errlen)
{
	char path[4096];

	/* The refusals first: a YAML file without them is never read. */
	if (name(path, sizeof(path), base, mode, "stderr") != 0 ||
	    atomic_write_file(path, msg != NULL ? msg : "", msglen, err,
	    errlen) != 0)
		return (-1);
	if (name(path, sizeof(path), base, mode, "yaml") != 0 ||
	    atomic_write_file(path, text, len, err, errlen) != 0)
		return (-1);
	return (0);
}
