// SPDX-License-Identifier: BSD-2-Clause
// A C++ program on the library, built by make check-examples against the
// installed header and both libraries: it must compile as C++, link
// (the extern "C" guards) and run.
#include <cstdio>
#include <cstring>

#include <cyclebench.h>

static void
spin(uint64_t iters, void *)
{
	do
		__asm__ volatile("" ::: "memory");
	while (--iters);
}

int
main()
{
	cb_bench b;
	cb_options o;
	cb_result r;

	std::memset(&b, 0, sizeof(b));
	b.name = "cxx/spin";
	b.mode = CB_LATENCY;
	b.ops = 1;
	b.body = spin;
	cb_options_default(&o);
	o.repetitions = 3;	// refused: the library checks its input
	if (cb_measure(&b, &o, &r) != CB_ERROR ||
	    std::strstr(r.reason, "repetitions 3") == nullptr) {
		std::fprintf(stderr, "cxx: repetitions 3 not refused: %s\n",
		    r.reason);
		return (1);
	}
	cb_result_free(&r);
	if (std::strcmp(cb_version(), CB_VERSION) != 0) {
		std::fprintf(stderr, "cxx: library %s, header %s\n",
		    cb_version(), CB_VERSION);
		return (1);
	}
	std::printf("cxx: cyclebench %s from C++\n", cb_version());
	return (0);
}
