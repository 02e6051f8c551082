/* What the commands that read the results store share. */
#ifndef CB_CLI_STORE_CLI_H
#define CB_CLI_STORE_CLI_H

#include "store/store.h"

/* Open the store at url (NULL: the default); EXIT_STORE after saying why. */
int	cli_store_open(const char *url, enum store_mode mode,
	    struct store **s);

/* Say what the store said; be EXIT_STORE. */
int	cli_store_failed(struct store *s);

/* Parse a selection (a bare number: that run); EXIT_USAGE after saying
   why.  --machine M joins it as machine=M when machine is not NULL. */
int	cli_selection(const char *cmd, const char *text, const char *machine,
	    struct store_sel *sel);

/*
 * The runs a selection selects in the store at url, oldest first, as
 * results files for compare and report.  0, or the exit status after
 * saying why.
 */
int	cli_load_selection(const char *cmd, const char *url, const char *text,
	    struct rs_file **files, int *n);

#endif
