/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A measuring child's tie to the process that forked it (core/isolate.h).
 * Each OS provides this.
 */
#ifndef CB_OS_CHILD_H
#define CB_OS_CHILD_H

/*
 * Have the calling process killed when its parent dies, so that a child
 * measuring for a parent that was killed stops at once.  A port whose OS
 * cannot do this makes it do nothing: the orphan then ends at the end of
 * its round, when writing the result to its parent fails.
 */
void	os_child_die_with_parent(void);

#endif
