#!/usr/bin/env bats
# SPDX-License-Identifier: BSD-2-Clause
# cyclebench asm runs text someone else may have written: a snippet is a
# benchmark, not a way out.  Its system calls are refused unless allowed,
# what it starts is killed, its limits hold, the assembler reads no file
# the snippet names and echoes none, and the assembler is bounded by
# --timeout and Ctrl-C like the measurement.

load helpers

# alive PATTERN: a process (not a zombie) whose command line has PATTERN.
alive() {
	ps -eo stat=,args= | P="$1" awk '$1 !~ /^Z/ && index($0, ENVIRON["P"]) \
	    { found = 1 } END { exit !found }'
}

FORK='mov $57,%eax; syscall'
# The child calls setsid and spins: a process that outlives a group kill.
# Once a process (the scratch memory remembers), not a fork storm that
# starves a small machine.
ESCAPE='cmpq $0,(%r14); jne 1f; movq $1,(%r14); mov $57,%eax; syscall; test %eax,%eax; jnz 1f; mov $112,%eax; syscall; 2: jmp 2b; 1:'

@test "a snippet's system call is refused by default, with a clear error row" {
	run --separate-stderr "$CB" asm --quick "$FORK"
	assert_status 1
	assert_output "SIGSYS (system call refused): system call 57 (fork) by \`syscall' at snippet+0x5 (copy 1 of 50)"
	assert_output "--allow-syscalls"
	run --separate-stderr "$CB" asm --quick 'mov $39,%eax; syscall'
	assert_status 1
	assert_output "system call 39 (getpid)"
	# The 32-bit entry too (a kernel without IA-32 emulation faults it).
	run --separate-stderr "$CB" asm --quick 'mov $20,%eax; int $0x80'
	assert_status 1
	case "$output" in
	*"system call 20 by \`int \$0x80'"*) ;;
	*"(general protection fault): by \`int \$0x80'"*) ;;
	*)	show_run >&2; fail "int \$0x80 was not refused" ;;
	esac
	# --init is snippet code as well.
	run --separate-stderr "$CB" asm --quick --init "$FORK" nop
	assert_status 1
	assert_output "system call 57 (fork) by \`syscall' at init+0x5"
}

@test "--allow-syscalls measures a system call" {
	need_python
	run --separate-stderr "$CB" asm --quick --allow-syscalls --unroll 1 \
	    'mov $39,%eax; syscall' --json out.json
	assert_status 0
	json_check out.json <<'PY'
r = d["results"][0]
assert r["status"] == "ok", r
assert r["cycles"]["median"] > 20, r["cycles"]
PY
}

@test "a fork bomb allowed its system calls is stopped and every process killed" {
	marker="--timeout 1.01 --allow-syscalls"
	run --separate-stderr "$CB" asm --quick $marker "$FORK"
	[ "$status" -le 1 ] || { show_run >&2; fail "status $status"; }
	assert_stderr "the snippet left running"
	sleep 0.5
	! alive "asm --quick $marker" || fail "processes of the fork bomb survive"
}

@test "a snippet's process that leaves the session does not outlive asm" {
	# If it did, it would hold the pipe open and cat would never end.
	run timeout 120 bash -c '"$1" asm --quick --unroll 1 --allow-syscalls \
	    "$2" 2>err.txt | cat' sh "$CB" "$ESCAPE"
	assert_status 0
	assert_output "1 copy per loop iteration"
	sleep 0.5
	! alive "asm --quick --unroll 1 --allow-syscalls" ||
	    fail "a process the snippet started survives"
}

@test "a user's snippet may start a few processes at most" {
	[ "$(id -u)" -eq 0 ] || skip "needs root to switch to nobody"
	command -v setpriv >/dev/null || skip "no setpriv"
	# Copies nobody can reach: the build may sit where only root enters
	# (a CI clone made by mktemp -d), and asm execs cb-snippet beside it.
	dir=$(mktemp -d /tmp/cyclebench-nobody.XXXXXX)
	chmod 755 "$dir"
	cp "$CB" "$(dirname "$CB")/cb-snippet" "$dir/"
	run --separate-stderr setpriv --reuid=nobody --regid=nogroup \
	    --clear-groups "$dir/cyclebench" asm --quick --timeout 2 \
	    --allow-syscalls "$FORK"
	rm -rf "$dir"
	[ "$status" -le 1 ] || { show_run >&2; fail "status $status"; }
	# 16 more than the user ran when it started (others of nobody's may
	# end meanwhile); without a limit, thousands in 2 s.
	n=$(printf '%s\n' "$stderr" | sed -n 's/.*killed \([0-9]*\) process.*/\1/p')
	[ "${n:-0}" -le 100 ] || { show_run >&2; fail "$n processes: no limit"; }
}

@test "the snippet's address space is limited" {
	# mmap 512 MiB and store at what it returned: -ENOMEM, not a mapping.
	run --separate-stderr "$CB" asm --quick --allow-syscalls --unroll 1 \
	    'mov $9,%eax; xor %edi,%edi; mov $0x20000000,%esi; mov $3,%edx; mov $0x22,%r10d; mov $-1,%r8; xor %r9d,%r9d; syscall; movq $1,(%rax)'
	assert_status 1
	assert_output "write to 0xfffffffffffffff4"
}

@test ".include and .incbin are refused, and nothing of the file is shown" {
	printf 'secret-line-one\nsecret-line-two\n' >secret.txt
	for d in .include .incbin .INCLUDE; do
		run --separate-stderr "$CB" asm --quick "nop; $d \"$T/secret.txt\""
		assert_usage_error "reads a file, which asm refuses by default"
		assert_stderr "--allow-includes"
	done
	# Spelt in pieces by .irp: the assembler's own list gives it away.
	run --separate-stderr "$CB" asm --quick \
	    ".irp a,inc; .irp b,bin; .\\a\\()\\b \"$T/secret.txt\"; .endr; .endr"
	assert_usage_error "had the assembler read '$T/secret.txt'"
	run --separate-stderr "$CB" asm --quick \
	    ".irp a,inc; .irp b,lude; .\\a\\()\\b \"$T/secret.txt\"; .endr; .endr"
	assert_usage_error "lines about other files withheld"
	[[ $stderr != *secret-line* ]] || { show_run >&2; fail "file contents shown"; }
	# Allowed, a file of instructions is read.
	echo 'nop; nop' >body.s
	run --separate-stderr "$CB" asm --quick --allow-includes \
	    ".include \"$T/body.s\""
	assert_status 0
	assert_output "2 instructions"
}

@test "a FIFO as the snippet file or an include is bounded by --timeout" {
	mkfifo fifo.s
	SECONDS=0
	run --separate-stderr "$CB" asm --quick --timeout 1 --file fifo.s
	assert_usage_error "no end to 'fifo.s' within 1 s (--timeout)"
	run --separate-stderr "$CB" asm --quick --timeout 1 --allow-includes \
	    ".include \"$T/fifo.s\""
	assert_usage_error "the assembler did not finish within 1 s (--timeout)"
	[ "$SECONDS" -lt 30 ] || fail "took $SECONDS s"
	# A pipe that delivers is read as a file is.
	run --separate-stderr bash -c '"$1" asm --quick --file <(echo "nop; nop")' \
	    sh "$CB"
	assert_status 0
	assert_output "2 instructions"
}

@test "Ctrl-C while the assembler runs: exit 130, no temporary directory, no as left" {
	mkfifo wait.s
	mkdir tmp
	TMPDIR=$T/tmp "$CB" asm --allow-includes ".include \"$T/wait.s\"" \
	    >out.txt 2>err.txt &
	pid=$!
	for i in $(seq 100); do
		pgrep -P "$pid" >/dev/null && break
		sleep 0.05
	done
	sleep 0.3
	kill -INT "$pid"
	status=0
	wait "$pid" || status=$?
	[ "$status" -eq 130 ] || fail "status $status: $(cat err.txt)"
	grep -q "interrupted by SIGINT" err.txt || fail "$(cat err.txt)"
	[ -z "$(ls -A tmp)" ] || fail "left in TMPDIR: $(ls -A tmp)"
	sleep 0.3
	! alive "$T/wait.s" || fail "the assembler is still running"
}

@test "kill -9 while the assembler runs: no file of its left anywhere" {
	mkfifo wait.s
	mkdir tmp
	TMPDIR=$T/tmp "$CB" asm --allow-includes ".include \"$T/wait.s\"" \
	    >/dev/null 2>&1 &
	pid=$!
	for i in $(seq 100); do
		pgrep -P "$pid" >/dev/null && break
		sleep 0.05
	done
	pgrep -P "$pid" >/dev/null || fail "the assembler did not start"
	kill -9 "$pid"
	wait "$pid" || true
	[ -z "$(ls -A tmp)" ] || fail "left in TMPDIR: $(ls -A tmp)"
	[ "$(ls -A)" = "$(printf 'tmp\nwait.s')" ] || fail "left: $(ls -A)"
}

# The secret the next tests plant where cyclebench can see it.
SECRET='postgresql://bench:PW1234@db.example/x'

@test "a snippet finds no secret of cyclebench's: it scans its stack and finds no environment" {
	# From the harness's saved %rsp (in the page below the code) up, byte
	# by byte, for "CYCLEBEN"; found, the six bytes of the password go
	# out as a fault address (0x343332315750 is "PW1234").  Not found,
	# the scan faults at the top of the stack.
	scan='lea 0(%rip),%rax; and $-4096,%rax; mov -4096(%rax),%rax; movabs $0x4e4542454c435943,%rdx; 1: mov (%rax),%rbx; cmp %rdx,%rbx; je 2f; inc %rax; jmp 1b; 2: mov 33(%rax),%rbx; shl $16,%rbx; shr $16,%rbx; mov (%rbx),%rcx'
	CYCLEBENCH_DB=$SECRET run --separate-stderr "$CB" asm --quick \
	    --unroll 1 --init "$scan" nop
	assert_status 1
	assert_output "by \`mov (%rax),%rbx' at init"
	[[ $output != *343332315750* ]] || { show_run >&2; fail "the password leaked"; }
}

@test "the snippet's program has no environment, no terminal and one descriptor" {
	CYCLEBENCH_DB=$SECRET "$CB" asm --timeout 20 --unroll 1 '1: jmp 1b' \
	    >out.txt 2>err.txt &
	pid=$!
	runner=
	for i in $(seq 200); do
		runner=$(pgrep -f -n cb-snippet) && break
		sleep 0.05
	done
	[ -n "$runner" ] || { kill "$pid"; fail "no cb-snippet: $(cat err.txt)"; }
	sleep 0.5
	environ=$(tr '\0' '\n' </proc/$runner/environ)
	fds=$(ls /proc/$runner/fd | sort -n | tr '\n' ' ')
	tty=$(ps -o tty= -p "$runner")
	sid=$(ps -o sid= -p "$runner" | tr -d ' ')
	cmdline=$(tr '\0' ' ' </proc/$runner/cmdline)
	kill -INT "$pid"
	wait "$pid" || true
	[ -z "$environ" ] || fail "environment: $environ"
	# The result pipe, and the counter where there is one.
	[[ $fds == "3 " || $fds == "0 3 " ]] || fail "descriptors: $fds"
	[ "$(echo $tty)" = "?" ] || fail "terminal: $tty"
	# Its own session: the measuring child called setsid, then exec'd it.
	[ "$sid" = "$runner" ] || fail "session $sid, not its own ($runner)"
	[[ $cmdline != *PW1234* ]] || fail "command line: $cmdline"
}

@test "without its program, or with a broken one, asm says so and runs nothing" {
	mkdir bin
	cp "$CB" bin/cyclebench
	run --separate-stderr bin/cyclebench asm --quick nop
	[ "$status" -ne 0 ] || fail "status 0 without cb-snippet"
	assert_stderr "no cb-snippet beside the cyclebench binary"
	printf 'not a program' >bin/cb-snippet
	chmod +x bin/cb-snippet
	run --separate-stderr bin/cyclebench asm --quick nop
	assert_status 1
	assert_output "error: cannot execute $T/bin/cb-snippet: Exec format error"
}
