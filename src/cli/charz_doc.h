/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What `cyclebench characterize' keeps while it runs, and its results
 * document: every row so far as a results file's results (the form
 * object added to each), written as a checkpoint after each batch and
 * read back to resume; llvm-mca's figures and exegesis's own YAML are
 * made from it at the end, so a resumed run's rows get them too.
 */
#ifndef CB_CLI_CHARZ_DOC_H
#define CB_CLI_CHARZ_DOC_H

#include <stddef.h>

#include <jansson.h>

#include "characterize/exegesis.h"
#include "characterize/measure.h"
#include "cli/progress.h"
#include "cli/save_opts.h"
#include "core/machine.h"
#include "report/form_table.h"
#include "results/results_write.h"

#define CHARZ_TOOL_TIMEOUT 600.0	/* for exegesis, llvm-mc, llvm-mca */

struct charz_args {
	char		**filters;
	size_t		  nfilters;
	int		  llvm, restart, new_snippets, subset, list, quiet,
			  no_mca;
	const char	 *yaml;		/* --exegesis-yaml BASE */
	enum form_format  format;
	struct cb_options opts;
	struct save_opts  out;
	char		  checkpoint[4096];
};

/*
 * characterize's command line into *a: 0; -1 after --help; or the exit
 * status of a refusal, said.  The filters are checked by
 * charz_make_forms.
 */
int	charz_parse_args(int argc, char **argv, struct charz_args *a);

/* A row to measure again after the last batch, and its place. */
struct charz_later {
	const struct form	*form;
	enum cb_mode		 mode;
	size_t			 at;		/* in the document's results */
};

struct charz_run {
	struct charz_args	*a;
	struct llvm_tools	 tools;
	const struct xdocs	*lat, *thr;
	struct machine		 m;
	struct run_info		 info;
	json_t			*doc;		/* every row so far */
	json_t			*old;		/* the checkpoint's rows,
						   charz_resume_from's map */
	struct progress		 prog;
	size_t			 done, total;
	double			 checkpointed;	/* monotonic seconds; 0: never */
	double			 checkpoint_gap; /* seconds from it to the next */
	struct charz_later	*later;		/* rows to measure again */
	size_t			 nlater, later_cap, again;
	size_t			 replaced;	/* of those, now clean */
};

/* The row of this name and mode in `old', charz_resume_from's map, or
   NULL. */
json_t	*charz_earlier(json_t *old, const char *name, const char *mode);

/* The rows of the checkpoint of an interrupted run on this CPU, by name
   and mode, or NULL. */
json_t	*charz_resume_from(const struct charz_args *a,
	    const struct machine *m);

/* A row's "form" object; NULL when out of memory. */
json_t	*charz_form_json(const struct charz_row *row);

/* Write the document to the checkpoint, marked partial or not. */
void	charz_checkpoint(struct charz_run *cr, int partial);

/* llvm-mca's figure beside every measured row that has none yet. */
void	charz_add_mca(struct charz_run *cr);

/* --exegesis-yaml: 0, or EXIT_OUTPUT after saying why. */
int	charz_write_yaml(struct charz_run *cr);

#endif
