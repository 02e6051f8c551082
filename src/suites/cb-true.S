/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cb-true: the smallest program there is, for ctxsw/fork-exec-wait: no
 * libc, no dynamic loader, one system call, so the figure is the exec
 * itself.  Linked with -static -nostdlib.
 */
	.text
	.globl	_start
_start:
#ifdef __x86_64__
	movl	$60, %eax		/* exit */
	xorl	%edi, %edi
	syscall
#elif defined(__aarch64__)
	mov	x8, #93			/* exit */
	mov	x0, #0
	svc	#0
#else
	movl	$1, %eax		/* exit */
	xorl	%ebx, %ebx
	int	$0x80
#endif
	.section .note.GNU-stack, "", %progbits
