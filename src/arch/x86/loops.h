#ifndef CB_ARCH_X86_LOOPS_H
#define CB_ARCH_X86_LOOPS_H

#include <stdint.h>

#define ARCH_ADD_CHAIN_UNROLL	100
#define ARCH_ADD_CHAIN_UNROLL_S	"100"

void	arch_add_chain(uint64_t iters, void *ctx);
void	arch_imul_chain(uint64_t iters, void *ctx);
#define ARCH_PROBE_NOPS		100
#define ARCH_PROBE_NOPS_S	"100"

void	arch_empty_loop(uint64_t iters, void *ctx);
void	arch_probe_block(uint64_t iters, void *ctx);

#endif
