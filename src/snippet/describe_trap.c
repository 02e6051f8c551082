/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A trap in a snippet (os/trap.h), told in the snippet's terms: which of
 * the user's instructions (offset into the body or init, which unrolled
 * copy), and, for a bad access, where it went relative to the memory the
 * snippet was given, or for a system call the sandbox refused, which
 * one.  Runs in the measuring child's signal handler: it reads the
 * snippet and formats into the buffer it is handed, nothing else.
 */
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "os/sandbox.h"
#include "snippet/snippet.h"

struct out {
	char	*p;
	size_t	 left;
};

static void
say(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
say(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->p, o->left, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= o->left)
		n = o->left ? (int)o->left - 1 : 0;
	o->p += n;
	o->left -= (size_t)n;
}

/* addr against the scratch area and the stack, when it is near them. */
static void
where_access(const struct snippet *s, const struct trap *f, struct out *o)
{
	uintptr_t a = f->addr, ps = s->guard;
	uintptr_t top = s->stack + SNIPPET_STACK_SIZE;

	say(o, "%s ", trap_access(f));
	if (a >= s->scratch - ps && a < s->scratch)
		say(o, ARCH_SNIPPET_SCRATCH_REG "-0x%jx (below the scratch "
		    "area)",
		    (uintmax_t)(s->scratch - a));
	else if (a >= s->scratch + SNIPPET_SCRATCH_SIZE &&
	    a < s->scratch + SNIPPET_SCRATCH_SIZE + ps)
		say(o, ARCH_SNIPPET_SCRATCH_REG "+0x%jx (past the end of the "
		    "%d MiB scratch area)",
		    (uintmax_t)(a - s->scratch), SNIPPET_SCRATCH_SIZE >> 20);
	else if (a >= s->stack - ps && a < s->stack)
		say(o, "0x%jx (stack overflow: past the bottom of the "
		    "snippet's %d MiB stack; more pushes than pops?)",
		    (uintmax_t)a, SNIPPET_STACK_SIZE >> 20);
	else if (a >= top + SNIPPET_STACK_ABOVE &&
	    a < top + SNIPPET_STACK_ABOVE + ps)
		say(o, "0x%jx (more than %d bytes above the stack's start; "
		    "more pops than pushes?)", (uintmax_t)a,
		    SNIPPET_STACK_ABOVE);
	else
		say(o, "0x%jx", (uintmax_t)a);
}

static void
where_pc(const struct snippet *s, const struct trap *f, struct out *o)
{
	const struct snippet_code *c;
	const struct snippet_insn *in;
	uintptr_t pc = f->pc, at;
	const char *part;
	size_t off, copy = 0;

	if (pc >= s->lay.init && pc < s->lay.init + s->init.len) {
		c = &s->init;
		part = "init";
		off = pc - s->lay.init;
	} else if (pc >= s->lay.body &&
	    pc < s->lay.body + s->body.len * s->unroll) {
		c = &s->body;
		part = "snippet";
		at = pc - s->lay.body;
		copy = at / s->body.len;
		off = at % s->body.len;
	} else if (pc == s->lay.ret_trap) {
		say(o, "the snippet executed a ret with no matching call");
		return;
	} else if (pc >= s->code && pc < s->code_end) {
		say(o, "in the harness around the snippet, at pc 0x%jx "
		    "(after a jump out of the snippet?)", (uintmax_t)pc);
		return;
	} else {
		say(o, "at pc 0x%jx, outside the snippet (a jump or ret to a "
		    "bad address?)", (uintmax_t)pc);
		return;
	}
	in = snippet_insn_at(c, off);
	if (in != NULL)
		say(o, "by `%s' at %s+0x%zx", in->text, part, off);
	else
		say(o, "at %s+0x%zx", part, off);
	if (c == &s->body)
		say(o, " (copy %zu of %u)", copy + 1, s->unroll);
}

/*
 * A call the sandbox refused.  The pc is past the instruction that made
 * it (ARCH_SNIPPET_SYSCALL_LEN bytes), which is the one to name.
 */
static void
refused_call(const struct snippet *s, const struct trap *f, struct out *o)
{
	const char *name = sandbox_syscall_name(f->syscall, f->syscall_arch);
	struct trap at = *f;

	say(o, "system call %d%s%s%s ", f->syscall, name ? " (" : "",
	    name ? name : "", name ? ")" : "");
	at.pc -= ARCH_SNIPPET_SYSCALL_LEN;
	where_pc(s, &at, o);
	say(o, "; asm refuses a snippet's system calls unless given "
	    "--allow-syscalls");
}

void
snippet_describe_trap(const struct trap *f, void *arg, char *buf,
    size_t len)
{
	const struct snippet *s = arg;
	struct out o = { buf, len };

	buf[0] = '\0';
	if (f->sig == SIGSYS) {
		refused_call(s, f, &o);
		return;
	}
	/*
	 * A jump to a bad address faults fetching it, and a general
	 * protection fault (SI_KERNEL) has no address: no access to tell.
	 */
	if ((f->sig == SIGSEGV || f->sig == SIGBUS) && f->code != SI_KERNEL &&
	    f->addr != f->pc) {
		where_access(s, f, &o);
		say(&o, " ");
	}
	where_pc(s, f, &o);
}
