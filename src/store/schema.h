/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The store's schema, as the list of steps that build it: a store at
 * version v has had steps 1..v.  Opening a store brings it to
 * STORE_SCHEMA_VERSION, and refuses one from a newer cyclebench.
 */
#ifndef CB_STORE_SCHEMA_H
#define CB_STORE_SCHEMA_H

#include "store/backend.h"

/* The version a store is brought to: the last of schema_steps. */
#define STORE_SCHEMA_VERSION	2

struct schema_step {
	int		 version;
	const char	*what;
	const char *const *sql;		/* NULL-terminated; "@ID@" is the
					   back end's serial_pk */
};

extern const struct schema_step schema_steps[];
extern const size_t schema_nsteps;

/* Migrate s to the current version, or refuse it; s->err says why. */
int	schema_ready(struct store *s);

/* Run one step's statements (with @ID@ replaced) and record its version. */
int	schema_apply(struct store *s, const struct schema_step *step);

#endif
