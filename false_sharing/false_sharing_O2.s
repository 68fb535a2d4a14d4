	.file	"false_sharing.c"
	.text
	.p2align 4
	.type	inc_store, @function
inc_store:
.LFB26:
	.cfi_startproc
	movq	(%rdi), %rax
	testq	%rsi, %rsi
	je	.L1
	addq	%rax, %rsi
	.p2align 6
	.p2align 3
.L3:
	addq	$1, %rax
	movq	%rax, (%rdi)
	cmpq	%rsi, %rax
	jne	.L3
.L1:
	ret
	.cfi_endproc
.LFE26:
	.size	inc_store, .-inc_store
	.p2align 4
	.type	inc_rmw, @function
inc_rmw:
.LFB27:
	.cfi_startproc
	testq	%rsi, %rsi
	je	.L9
	xorl	%edx, %edx
	.p2align 6
	.p2align 3
.L11:
	movq	(%rdi), %rax
	addq	$1, %rdx
	addq	$1, %rax
	movq	%rax, (%rdi)
	cmpq	%rdx, %rsi
	jne	.L11
.L9:
	ret
	.cfi_endproc
.LFE27:
	.size	inc_rmw, .-inc_rmw
	.p2align 4
	.type	inc_register, @function
inc_register:
.LFB29:
	.cfi_startproc
	movq	(%rdi), %rax
	testq	%rsi, %rsi
	je	.L17
	xorl	%edx, %edx
	.p2align 6
	.p2align 3
.L18:
	addq	$1, %rax
	addq	$1, %rdx
	cmpq	%rdx, %rsi
	jne	.L18
.L17:
	movq	%rax, (%rdi)
	ret
	.cfi_endproc
.LFE29:
	.size	inc_register, .-inc_register
	.p2align 4
	.type	inc_atomic, @function
inc_atomic:
.LFB28:
	.cfi_startproc
	testq	%rsi, %rsi
	je	.L23
	xorl	%eax, %eax
	.p2align 6
	.p2align 3
.L25:
	lock addq	$1, (%rdi)
	addq	$1, %rax
	cmpq	%rax, %rsi
	jne	.L25
.L23:
	ret
	.cfi_endproc
.LFE28:
	.size	inc_atomic, .-inc_atomic
	.section	.rodata.str1.8,"aMS",@progbits,1
	.align 8
.LC0:
	.string	"--rederive needs RAW, a raw file"
	.align 8
.LC1:
	.string	"--rederive RAW comes last, with nothing after RAW"
	.section	.rodata.str1.1,"aMS",@progbits,1
.LC2:
	.string	"granted"
.LC3:
	.string	""
.LC4:
	.string	"none"
.LC5:
	.string	"refused"
.LC6:
	.string	"topology_unknown"
.LC7:
	.string	"unpinned"
.LC8:
	.string	"--help"
	.section	.rodata.str1.8
	.align 8
.LC9:
	.ascii	"usage: false_sharing [-h] [--rederive RAW]\n  Threads increm"
	.ascii	"ent their own counters placed 8, 64 or 128 bytes apart and\n"
	.ascii	"  report ns and cycles per increment with 95%% intervals. Kn"
	.ascii	"obs come from\n  the environment:\n  ITERS_LOG2=%d     incre"
	.ascii	"ments per thread and round = 2^N (10..34)\n  REPS=%d        "
	.ascii	"   at least this many clean rounds per cell (1..1001); round"
	.ascii	"s\n                    are added until every interval is wit"
	.ascii	"hin 5%% of its\n                    estimate, up to 4 x REPS"
	.ascii	" + 10 rounds\n  MAX_CELL_S=%d     seconds of rounds per incr"
	.ascii	"ement's block of cells (0..3600)\n  THREADS=1,2,4,8   thread"
	.ascii	" counts (1..%d, no repeats); counts above the CPUs\n        "
	.ascii	"            this process may run on are skipped unless named"
	.ascii	" here,\n                    then run as oversubscribed\n  PI"
	.ascii	"N=1             Linux: pin one thread per physical core, a s"
	.ascii	"hared-cache\n                    domain first; 0 leaves plac"
	.ascii	"ement to the OS (default 0\n                    where the OS"
	.ascii	" has no affinity API)\n  PAIRS=1           at 2 threads, als"
	.ascii	"o measure each CPU-pair class the\n                    topol"
	.ascii	"ogy has (shared L2, shared L3 only, across, SMT)\n  PAIR_CPU"
	.ascii	"S=a,b:name;c,d:name  those pairs instead of the topology's ("
	.ascii	"at most\n                    %d; run.sh names o"
	.string	"ne per class of the core-to-core map)\n  Cycles per increment come from a speed canary run in the same round.\n  --rederive RAW  measure nothing: the figure and speed_level lines of each\n                  invocation again from RAW's inv-tagged samples lines\n"
	.section	.rodata.str1.1
.LC10:
	.string	"--rederive"
	.section	.rodata.str1.8
	.align 8
.LC11:
	.string	"cannot write the results to stdout"
	.section	.rodata.str1.1
.LC12:
	.string	"%s"
	.section	.rodata.str1.8
	.align 8
.LC13:
	.string	"unknown argument '%s': false_sharing takes -h or --rederive RAW (knobs are environment variables)"
	.section	.rodata.str1.1
.LC14:
	.string	"ITERS_LOG2"
.LC15:
	.string	"PIN"
.LC16:
	.string	"PAIRS"
.LC17:
	.string	"THREADS"
	.section	.rodata.str1.8
	.align 8
.LC18:
	.string	"THREADS=%s: %ld is named twice; name each thread count once"
	.section	.rodata.str1.1
.LC20:
	.string	"PAIR_CPUS"
	.section	.rodata.str1.8
	.align 8
.LC21:
	.string	"PAIR_CPUS=%s: expected up to %d entries a,b:name separated by ';'"
	.section	.rodata.str1.1
.LC22:
	.string	"%d,%d:%n"
	.section	.rodata.str1.8
	.align 8
.LC23:
	.string	"abcdefghijklmnopqrstuvwxyz0123456789_"
	.align 8
.LC24:
	.string	"PAIR_CPUS=%s: a name is 1-%zu of a-z, 0-9, _"
	.align 8
.LC25:
	.string	"PAIR_CPUS=%s: %d,%d is not two CPUs this process may run on"
	.align 8
.LC26:
	.string	"PAIR_CPUS=%s: the name %s is used twice"
	.section	.rodata.str1.1
.LC27:
	.string	"PAIR_CPUS=%s: trailing ';'"
	.section	.rodata.str1.8
	.align 8
.LC28:
	.string	"RESULT exp=false_sharing kind=line source=compiled_pad_stride line_bytes=%d\n"
	.align 8
.LC29:
	.string	"RESULT exp=false_sharing kind=line source=%s line_bytes=%ld\n"
	.align 8
.LC32:
	.string	"RESULT exp=false_sharing kind=plan iters_log2=%ld reps_min=%ld rounds_max=%ld max_cell_s=%g rel_target=%g abs_floor_ns=%g interference_share=%g slow_canary=%g probes=%s allowed_cpus=%d online_cpus=%d\n"
	.align 8
.LC33:
	.string	"RESULT exp=false_sharing kind=unpinned why=no_allowed_cpu"
	.align 8
.LC34:
	.string	"RESULT exp=false_sharing kind=unpinned why=pin_0"
	.align 8
.LC35:
	.string	"RESULT exp=false_sharing kind=unpinned why=no_affinity_api"
	.align 8
.LC36:
	.string	"false_sharing: PIN=1 but threads cannot be pinned here; running unpinned\n"
	.section	.rodata.str1.1
.LC37:
	.string	"s"
	.section	.rodata.str1.8
	.align 8
.LC38:
	.string	"RESULT exp=false_sharing kind=skip threads=%d allowed_cpus=%d reason=above_allowed_cpus\n"
	.align 8
.LC39:
	.string	"false_sharing: skipping %d threads: this process may run on %d CPU%s (THREADS=%d runs it oversubscribed)\n"
	.section	.rodata.str1.1
.LC40:
	.string	" class=%s pair=%d,%d"
	.section	.rodata.str1.8
	.align 8
.LC42:
	.string	"false_sharing: done; %ld cell-rounds in %.1f s\n"
	.section	.rodata.str1.1
.LC43:
	.string	"cell"
	.section	.rodata.str1.8
	.align 8
.LC44:
	.string	"RESULT exp=false_sharing kind=placement threads=%d cpus="
	.align 8
.LC45:
	.string	"%s pinning=%s oversubscribed=%d allowed_cpus=%d"
	.section	.rodata.str1.1
.LC46:
	.string	"canary_best_ns"
.LC47:
	.string	"ratio"
.LC48:
	.string	"pair"
.LC49:
	.string	"pair_ratio"
	.section	.rodata.str1.8
	.align 8
.LC50:
	.string	"RESULT exp=false_sharing kind=pair_placement%s threads=2"
	.align 8
.LC51:
	.string	"RESULT exp=false_sharing kind=pairs_skip reason=%s\n"
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LFB34:
	.cfi_startproc
	pushq	%r15
	.cfi_def_cfa_offset 16
	.cfi_offset 15, -16
	pushq	%r14
	.cfi_def_cfa_offset 24
	.cfi_offset 14, -24
	pushq	%r13
	.cfi_def_cfa_offset 32
	.cfi_offset 13, -32
	pushq	%r12
	.cfi_def_cfa_offset 40
	.cfi_offset 12, -40
	pushq	%rbp
	.cfi_def_cfa_offset 48
	.cfi_offset 6, -48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	.cfi_offset 3, -56
	subq	$5656, %rsp
	.cfi_def_cfa_offset 5712
	cmpl	$1, %edi
	jle	.L31
	movq	8(%rsi), %rbp
	movl	%edi, %ebx
	movq	%rsi, %r12
	cmpb	$45, 0(%rbp)
	je	.L258
.L170:
	leaq	.LC8(%rip), %rsi
	movq	%rbp, %rdi
	call	strcmp@PLT
	testl	%eax, %eax
	je	.L33
	leaq	.LC10(%rip), %rsi
	movq	%rbp, %rdi
	call	strcmp@PLT
	testl	%eax, %eax
	jne	.L36
	cmpl	$3, %ebx
	je	.L259
	cmpl	$2, %ebx
	leaq	.LC0(%rip), %rax
	leaq	.LC1(%rip), %rsi
	cmove	%rax, %rsi
	leaq	.LC12(%rip), %rdi
	xorl	%eax, %eax
	call	die_usage@PLT
.L258:
	cmpb	$104, 1(%rbp)
	jne	.L170
	cmpb	$0, 2(%rbp)
	jne	.L170
.L33:
	pushq	%rax
	.cfi_def_cfa_offset 5720
	movq	stdout(%rip), %rdi
	xorl	%eax, %eax
	movl	$18, %edx
	pushq	$8
	.cfi_def_cfa_offset 5728
	movl	$64, %r9d
	movl	$10, %r8d
	movl	$11, %ecx
	leaq	.LC9(%rip), %rsi
	call	fprintf@PLT
	popq	%rax
	.cfi_def_cfa_offset 5720
	popq	%rdx
	.cfi_def_cfa_offset 5712
.L238:
	addq	$5656, %rsp
	.cfi_remember_state
	.cfi_def_cfa_offset 56
	xorl	%eax, %eax
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%rbp
	.cfi_def_cfa_offset 40
	popq	%r12
	.cfi_def_cfa_offset 32
	popq	%r13
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
	ret
.L31:
	.cfi_restore_state
	movl	$34, %ecx
	movl	$10, %edx
	movl	$18, %esi
	leaq	.LC14(%rip), %rdi
	leaq	.LC17(%rip), %rbp
	call	env_long@PLT
	xorl	%edx, %edx
	movl	$1, %esi
	leaq	.LC15(%rip), %rdi
	movq	%rax, %rcx
	movq	%rax, 312(%rsp)
	movl	$1, %eax
	salq	%cl, %rax
	movl	$1, %ecx
	movq	%rax, 304(%rsp)
	call	env_long@PLT
	xorl	%edx, %edx
	movl	$1, %ecx
	movl	$1, %esi
	leaq	.LC16(%rip), %rdi
	movq	%rax, 320(%rsp)
	call	env_long@PLT
	leaq	304(%rsp), %r10
	movl	$64, %edx
	leaq	336(%rsp), %rcx
	movl	$16, %r8d
	movl	$1, %esi
	movq	%rbp, %rdi
	movq	%r10, 8(%rsp)
	movq	%rax, 328(%rsp)
	call	env_long_list@PLT
	xorl	%edx, %edx
	movq	8(%rsp), %r10
	testq	%rax, %rax
	movq	%rax, 464(%rsp)
	setne	%dl
	movl	%edx, 472(%rsp)
	je	.L42
	movq	%r10, %rdi
	xorl	%r8d, %r8d
	.p2align 6
	.p2align 3
.L43:
	addq	$1, %r8
	movq	%rdi, %rsi
	addq	$8, %rdi
	cmpq	%r8, %rax
	je	.L46
	movq	32(%rdi), %rbx
	movq	%r10, %rdx
	jmp	.L45
	.p2align 4,,10
	.p2align 3
.L44:
	leaq	8(%rdx), %rcx
	cmpq	%rdx, %rsi
	je	.L43
	movq	%rcx, %rdx
.L45:
	cmpq	32(%rdx), %rbx
	jne	.L44
	movq	%rbp, %rdi
	call	getenv@PLT
	movq	%rbx, %rdx
	leaq	.LC18(%rip), %rdi
	movq	%rax, %rsi
	xorl	%eax, %eax
	call	die_usage@PLT
.L42:
	movdqa	def.0(%rip), %xmm6
	movdqa	16+def.0(%rip), %xmm7
	movq	$4, 464(%rsp)
	movaps	%xmm6, 336(%rsp)
	movaps	%xmm7, 352(%rsp)
.L46:
	movl	$11, %esi
	movq	%r10, 8(%rsp)
	movsd	.LC19(%rip), %xmm0
	leaq	144(%rsp), %rdi
	leaq	allowed.3(%rip), %r13
	movl	$1024, %ebp
	call	reps_plan_from_env@PLT
	movl	$1024, %esi
	movq	%r13, %rdi
	movl	%ebp, %r14d
	movq	144(%rsp), %rax
	movq	%rax, 72(%rsp)
	call	allowed_cpus@PLT
	leaq	.LC20(%rip), %rdi
	cmpl	%ebp, %eax
	movl	%eax, 24(%rsp)
	cmovle	%eax, %r14d
	movl	%r14d, 44(%rsp)
	call	getenv@PLT
	movq	8(%rsp), %r10
	testq	%rax, %rax
	movq	%rax, %rbp
	je	.L152
	leaq	744(%rsp), %r9
	movq	%rax, %r12
	xorl	%eax, %eax
	movq	%rbp, 48(%rsp)
	movl	%eax, 8(%rsp)
	movq	%r9, %rbx
	movq	%r10, 56(%rsp)
	movq	%r9, 32(%rsp)
	.p2align 6
	.p2align 3
.L48:
	cmpb	$0, (%r12)
	je	.L260
	movl	$0, 3344(%rsp)
	cmpl	$8, 8(%rsp)
	je	.L50
	xorl	%eax, %eax
	leaq	2000(%rsp), %rcx
	leaq	1184(%rsp), %rdx
	movq	%r12, %rdi
	leaq	3344(%rsp), %r8
	leaq	.LC22(%rip), %rsi
	call	__isoc99_sscanf@PLT
	cmpl	$2, %eax
	jne	.L50
	movslq	3344(%rsp), %rbp
	testl	%ebp, %ebp
	je	.L50
	addq	%r12, %rbp
	leaq	.LC23(%rip), %rsi
	movq	%rbp, %rdi
	call	strspn@PLT
	movq	%rax, %r15
	leaq	-1(%rax), %rax
	cmpq	$46, %rax
	ja	.L51
	leaq	0(%rbp,%r15), %rax
	movq	%rax, 16(%rsp)
	movzbl	(%rax), %eax
	cmpb	$59, %al
	je	.L168
	testb	%al, %al
	jne	.L51
.L168:
	movl	1184(%rsp), %edi
	movl	2000(%rsp), %r8d
	movl	24(%rsp), %eax
	movd	%edi, %xmm0
	movd	%r8d, %xmm5
	punpckldq	%xmm5, %xmm0
	testl	%eax, %eax
	jle	.L244
	xorl	%eax, %eax
	xorl	%esi, %esi
	.p2align 6
	.p2align 3
.L53:
	movl	0(%r13,%rax,4), %ecx
	movl	$1, %edx
	cmpl	%edi, %ecx
	je	.L55
	xorl	%edx, %edx
	cmpl	%r8d, %ecx
	sete	%dl
.L55:
	addq	$1, %rax
	addl	%edx, %esi
	cmpl	%eax, %r14d
	jg	.L53
	cmpl	%r8d, %edi
	je	.L244
	cmpl	$2, %esi
	jne	.L244
	movq	%xmm0, -8(%rbx)
	pxor	%xmm0, %xmm0
	movq	%r15, %rdx
	movq	%rbp, %rsi
	movups	%xmm0, (%rbx)
	movq	%rbx, %rdi
	movups	%xmm0, 16(%rbx)
	movups	%xmm0, 32(%rbx)
	call	memcpy@PLT
	movl	8(%rsp), %r12d
	testl	%r12d, %r12d
	je	.L58
	movq	32(%rsp), %r12
	.p2align 6
	.p2align 3
.L60:
	movq	%rbx, %rsi
	movq	%r12, %rdi
	call	strcmp@PLT
	testl	%eax, %eax
	je	.L261
	addq	$56, %r12
	cmpq	%rbx, %r12
	jne	.L60
.L58:
	movq	16(%rsp), %rax
	movzbl	(%rax), %eax
	cmpb	$59, %al
	je	.L262
.L61:
	xorl	%r12d, %r12d
	cmpb	$59, %al
	sete	%r12b
	addl	$1, 8(%rsp)
	addq	$56, %rbx
	addq	%r15, %r12
	addq	%rbp, %r12
	jmp	.L48
.L262:
	cmpb	$0, 1(%rbp,%r15)
	jne	.L61
	movq	48(%rsp), %rsi
	leaq	.LC27(%rip), %rdi
	xorl	%eax, %eax
	call	die_usage@PLT
.L36:
	movq	%rbp, %rsi
	leaq	.LC13(%rip), %rdi
	xorl	%eax, %eax
	call	die_usage@PLT
.L50:
	movq	48(%rsp), %rbp
	movl	$8, %edx
	leaq	.LC21(%rip), %rdi
	xorl	%eax, %eax
	movq	%rbp, %rsi
	call	die_usage@PLT
.L244:
	movq	48(%rsp), %rbp
	movl	%edi, %edx
	movl	%r8d, %ecx
	xorl	%eax, %eax
	leaq	.LC25(%rip), %rdi
	movq	%rbp, %rsi
	call	die_usage@PLT
.L259:
	movq	16(%r12), %rdi
	movl	$4, %edx
	leaq	increments(%rip), %rsi
	call	rederive@PLT
.L257:
	movq	stdout(%rip), %rdi
	call	fflush@PLT
	testl	%eax, %eax
	jne	.L39
	movq	stdout(%rip), %rdi
	call	ferror@PLT
	testl	%eax, %eax
	je	.L238
.L39:
	leaq	.LC11(%rip), %rdi
	xorl	%eax, %eax
	call	die@PLT
.L260:
	movq	56(%rsp), %r10
.L47:
	movl	$128, %esi
	xorl	%eax, %eax
	movq	%r10, 16(%rsp)
	xorl	%r12d, %r12d
	leaq	.LC28(%rip), %rdi
	call	printf@PLT
	leaq	3344(%rsp), %rax
	movq	%rax, 32(%rsp)
.L64:
	leaq	srcs.2(%rip), %rax
	movq	32(%rsp), %rdx
	xorl	%esi, %esi
	movl	$8, %ecx
	movl	(%rax,%r12,4), %r15d
	movl	%r15d, %edi
	call	cache_levels@PLT
	testl	%eax, %eax
	jle	.L68
	movslq	%eax, %rbp
	movq	32(%rsp), %rdi
	movq	%r12, %r14
	movl	%r15d, %r12d
	imulq	$152, %rbp, %rbp
	movq	%rdi, %rbx
	addq	%rdi, %rbp
	jmp	.L67
	.p2align 4,,10
	.p2align 3
.L66:
	addq	$152, %rbx
	cmpq	%rbp, %rbx
	je	.L263
.L67:
	cmpl	$1, (%rbx)
	jne	.L66
	movq	16(%rbx), %r15
	testq	%r15, %r15
	jle	.L66
	movl	%r12d, %edi
	call	cache_source_name@PLT
	movq	%r15, %rdx
	leaq	.LC29(%rip), %rdi
	movq	%rax, %rsi
	xorl	%eax, %eax
	call	printf@PLT
	jmp	.L66
.L263:
	movq	%r14, %r12
.L68:
	addq	$1, %r12
	cmpq	$3, %r12
	jne	.L64
	movq	72(%rsp), %r14
	leaq	10(,%r14,4), %rax
	leaq	0(,%rax,4), %r15
	movq	%r15, 80(%rsp)
	call	online_cpus@PLT
	movl	%eax, %ebx
	call	probe_sources@PLT
	movsd	.LC31(%rip), %xmm2
	movq	%r15, %rcx
	movq	%r14, %rdx
	pushq	%r9
	.cfi_def_cfa_offset 5720
	movsd	.LC30(%rip), %xmm4
	movq	%rax, %r8
	leaq	.LC32(%rip), %rdi
	pushq	%rbx
	.cfi_def_cfa_offset 5728
	movl	60(%rsp), %r9d
	movapd	%xmm2, %xmm3
	movl	$5, %eax
	movsd	184(%rsp), %xmm1
	movq	328(%rsp), %rsi
	movsd	176(%rsp), %xmm0
	call	printf@PLT
	popq	%r10
	.cfi_def_cfa_offset 5720
	popq	%r11
	.cfi_def_cfa_offset 5712
	cmpq	$0, 320(%rsp)
	movq	16(%rsp), %r10
	jne	.L69
.L72:
	xorl	%r11d, %r11d
.L70:
	leaq	.LC34(%rip), %rdi
	movq	%r10, 48(%rsp)
	movl	%r11d, 16(%rsp)
	call	puts@PLT
	movl	16(%rsp), %r11d
	movq	48(%rsp), %r10
.L91:
	cmpq	$0, 320(%rsp)
	je	.L94
	testl	%r11d, %r11d
	je	.L74
.L94:
	cmpl	$1, 24(%rsp)
	leaq	.LC37(%rip), %rax
	movl	%r11d, %ebp
	leaq	.LC3(%rip), %r15
	leaq	cpus_t.1(%rip), %r12
	cmovne	%rax, %r15
	xorl	%eax, %eax
	xorl	%ebx, %ebx
	movl	%eax, %r11d
	movq	%r15, 16(%rsp)
	movl	44(%rsp), %r15d
.L96:
	cmpq	464(%rsp), %rbx
	jnb	.L264
	movq	32(%r10,%rbx,8), %r9
	movl	%r9d, %r14d
	cmpl	%r9d, %r15d
	jge	.L97
	cmpl	$0, 472(%rsp)
	je	.L265
.L97:
	testl	%r9d, %r9d
	jle	.L255
	testl	%ebp, %ebp
	je	.L255
	movslq	%r11d, %r8
	xorl	%esi, %esi
	movq	%r8, %rdi
	salq	$8, %rdi
	addq	%r12, %rdi
	.p2align 6
	.p2align 3
.L99:
	movl	%esi, %eax
	cltd
	idivl	%ebp
	movslq	%edx, %rdx
	movl	480(%rsp,%rdx,4), %eax
	movl	%eax, (%rdi,%rsi,4)
	addq	$1, %rsi
	cmpl	%esi, %r14d
	jg	.L99
.L102:
	xorl	%eax, %eax
	cmpl	%r9d, %r15d
	movl	%r9d, 176(%rsp,%r8,4)
	setl	%al
	addl	$1, %r11d
	movl	%eax, 240(%rsp,%r8,4)
.L98:
	addq	$1, %rbx
	jmp	.L96
.L265:
	movl	%r9d, %esi
	movl	%r15d, %edx
	leaq	.LC38(%rip), %rdi
	xorl	%eax, %eax
	movq	%r10, 56(%rsp)
	movl	%r11d, 48(%rsp)
	movq	%r9, 24(%rsp)
	call	printf@PLT
	movq	24(%rsp), %r9
	movl	%r15d, %ecx
	movl	%r14d, %edx
	movq	16(%rsp), %r8
	movq	stderr(%rip), %rdi
	leaq	.LC39(%rip), %rsi
	xorl	%eax, %eax
	call	fprintf@PLT
	movl	48(%rsp), %r11d
	movq	56(%rsp), %r10
	jmp	.L98
.L264:
	cmpq	$0, 328(%rsp)
	movl	%r11d, 48(%rsp)
	movl	%ebp, %r11d
	je	.L156
	cmpl	$1, %ebp
	jg	.L266
.L156:
	xorl	%esi, %esi
	movl	%esi, 8(%rsp)
.L256:
	leaq	2000(%rsp), %rax
	leaq	736(%rsp), %r13
	movq	%rax, 24(%rsp)
.L104:
	movq	80(%rsp), %rax
	movl	%r11d, 56(%rsp)
	xorl	%ebp, %ebp
	leaq	increments(%rip), %r12
	leaq	1184(%rsp), %rbx
	subq	$32, %rsp
	.cfi_def_cfa_offset 5744
	movq	%rax, 184(%rsp)
	movq	336(%rsp), %rsi
	movq	%rbx, %rdi
	movdqa	176(%rsp), %xmm4
	movdqa	192(%rsp), %xmm6
	movups	%xmm4, (%rsp)
	movups	%xmm6, 16(%rsp)
	call	run_init@PLT
	addq	$32, %rsp
	.cfi_def_cfa_offset 5712
	movl	48(%rsp), %r15d
	movq	24(%rsp), %r14
	movq	%rbx, 16(%rsp)
	movl	56(%rsp), %ebx
	jmp	.L113
.L114:
	movq	%rbp, %rsi
	xorl	%ecx, %ecx
	leaq	176(%rsp), %rdx
	pushq	%rax
	.cfi_def_cfa_offset 5720
	salq	$4, %rsi
	leaq	cpus_t.1(%rip), %r8
	addq	%r12, %rsi
	testl	%ebx, %ebx
	setg	%cl
	addq	$1, %rbp
	pushq	%rcx
	.cfi_def_cfa_offset 5728
	movl	%r15d, %ecx
	leaq	256(%rsp), %r9
	call	build_block@PLT
	popq	%rdx
	.cfi_def_cfa_offset 5720
	popq	%rcx
	.cfi_def_cfa_offset 5712
.L113:
	cmpl	$3, %ebp
	setle	%dl
	testl	%r15d, %r15d
	setne	%cl
	imulq	$48, %rbp, %rdi
	addq	%r14, %rdi
	andb	%cl, %dl
	jne	.L114
	movq	%rbp, %rax
	movq	%rbp, 80(%rsp)
	movq	%rdi, %rbp
	movq	24(%rsp), %rdi
	movl	%eax, 64(%rsp)
	cltq
	movl	%ebx, %r11d
	movq	16(%rsp), %rbx
	imulq	$48, %rax, %rax
	movl	%edx, %esi
	movq	%r14, 88(%rsp)
	xorl	%edx, %edx
	movb	%sil, 104(%rsp)
	movq	%r13, %r15
	movl	%r11d, 112(%rsp)
	leaq	(%rdi,%rax), %rcx
	movq	%rbx, 136(%rsp)
	movq	%rcx, 96(%rsp)
	movq	%rcx, 120(%rsp)
	movq	%rbp, 128(%rsp)
	movq	%rdx, %rbp
.L115:
	cmpl	%ebp, 8(%rsp)
	jle	.L267
	leaq	8(%r15), %rax
	movq	%rcx, 56(%rsp)
	movq	%rcx, %r13
	leaq	increments(%rip), %r12
	movq	%rax, 16(%rsp)
	movl	48(%rsp), %eax
	imulq	$288, %rbp, %r10
	leal	(%rax,%rbp), %r14d
	movq	32(%rsp), %rax
	leaq	(%rax,%r10), %rbx
.L116:
	movl	4(%r15), %r9d
	movl	(%r15), %r8d
	movq	%rbx, %rdi
	movl	$96, %esi
	movq	16(%rsp), %rcx
	leaq	.LC40(%rip), %rdx
	xorl	%eax, %eax
	addq	$96, %rbx
	call	snprintf@PLT
	movq	%r12, %rsi
	movq	%r13, %rdi
	movl	%r14d, %ecx
	movq	%r15, %rdx
	addq	$16, %r12
	addq	$48, %r13
	call	build_pair_block@PLT
	leaq	48+increments(%rip), %rax
	cmpq	%rax, %r12
	jne	.L116
	movq	56(%rsp), %rcx
	addq	$1, %rbp
	addq	$56, %r15
	addq	$144, %rcx
	jmp	.L115
.L267:
	imull	$3, 8(%rsp), %r13d
	movl	64(%rsp), %eax
	xorl	%ecx, %ecx
	movq	72(%rsp), %r8
	movzbl	104(%rsp), %esi
	movl	112(%rsp), %r11d
	movq	120(%rsp), %r14
	leal	(%rax,%r13), %r9d
	movq	128(%rsp), %rbp
	movq	136(%rsp), %rbx
	addq	$1, %r8
	movl	%r9d, 56(%rsp)
	movq	1976(%rsp), %rdi
	movq	24(%rsp), %rdx
	jmp	.L118
.L119:
	movslq	-40(%rdx), %rax
	addl	$1, %ecx
	movl	$1, %esi
	imulq	%r8, %rax
	addq	%rax, %rdi
.L118:
	addq	$48, %rdx
	cmpl	%r9d, %ecx
	jne	.L119
	testb	%sil, %sil
	je	.L120
	movq	%rdi, 1976(%rsp)
.L120:
	movslq	56(%rsp), %rax
	movq	24(%rsp), %r12
	movl	%r11d, 16(%rsp)
	imulq	$48, %rax, %rax
	leaq	(%r12,%rax), %r15
	xchgq	%r12, %rbp
	movq	%r15, 72(%rsp)
	jmp	.L121
.L122:
	movq	%rbp, %rdi
	movq	%rbx, %rsi
	call	block_alloc@PLT
	movq	%rbp, %rdi
	movq	%rbx, %rsi
	addq	$48, %rbp
	call	block_run@PLT
.L121:
	cmpq	%r15, %rbp
	jne	.L122
	call	now_ns
	subq	1992(%rsp), %rax
	movl	16(%rsp), %r11d
	movq	%r12, %rbp
	js	.L123
	pxor	%xmm0, %xmm0
	cvtsi2sdq	%rax, %xmm0
.L124:
	movq	1968(%rsp), %rdx
	movl	$1, %eax
	movl	%r11d, 16(%rsp)
	leaq	.LC42(%rip), %rsi
	movq	stderr(%rip), %rdi
	divsd	.LC41(%rip), %xmm0
	call	fprintf@PLT
	movq	24(%rsp), %r12
	movl	56(%rsp), %esi
	movq	%rbx, %rdx
	movq	%r12, %rdi
	xchgq	%r12, %rbp
	call	run_levels@PLT
	movq	72(%rsp), %r15
	jmp	.L125
.L126:
	movq	%rbp, %rdi
	movq	%rbx, %rsi
	addq	$48, %rbp
	call	block_finish@PLT
.L125:
	cmpq	%r15, %rbp
	jne	.L126
	movq	24(%rsp), %r15
	movl	1480(%rsp), %edx
	movl	64(%rsp), %esi
	movq	%r15, %rdi
	movq	%r15, %rbp
	call	adjust_table@PLT
	movl	1480(%rsp), %edx
	movl	%r13d, %esi
	movq	%r12, %rdi
	leaq	.LC43(%rip), %r13
	call	adjust_table@PLT
	movl	56(%rsp), %esi
	movq	%rbx, %rdx
	movq	%r15, %rdi
	call	print_levels@PLT
	imulq	$48, 80(%rsp), %rax
	leaq	(%r15,%rax), %r12
.L127:
	cmpq	%rbp, %r12
	je	.L268
	xorl	%r15d, %r15d
	cmpl	$0, 8(%rbp)
	jle	.L131
	.p2align 6
	.p2align 3
.L128:
	leaq	(%r15,%r15,4), %rdx
	movq	%rbx, %r8
	movq	%rbp, %rcx
	movq	%r13, %rdi
	salq	$8, %rdx
	leaq	.LC3(%rip), %rsi
	addq	0(%rbp), %rdx
	addq	$1, %r15
	call	print_cell@PLT
	cmpl	%r15d, 8(%rbp)
	jg	.L128
.L131:
	addq	$48, %rbp
	jmp	.L127
.L268:
	movq	%rbp, %r15
	movl	16(%rsp), %r11d
	xorl	%ebp, %ebp
	movq	%r14, 104(%rsp)
	movq	%r15, 112(%rsp)
	movq	96(%rsp), %r15
	movq	%rbp, %r14
	xorl	%edi, %edi
	movl	%r11d, %r12d
	movq	%rbx, %rbp
.L130:
	cmpl	%r14d, 48(%rsp)
	jle	.L269
	xorl	%ebx, %ebx
	testl	%r12d, %r12d
	movq	24(%rsp), %rsi
	leaq	3840(%rdi), %r13
	setg	%bl
	cmpl	$0, 64(%rsp)
	je	.L133
	.p2align 6
	.p2align 3
.L132:
	movq	(%rsi), %rdx
	leaq	(%rdx,%rdi), %rax
	addq	%r13, %rdx
.L134:
	andl	132(%rax), %ebx
	addq	$1280, %rax
	cmpq	%rax, %rdx
	jne	.L134
	addq	$48, %rsi
	cmpq	%rsi, %r15
	jne	.L132
.L133:
	leaq	176(%rsp), %rdx
	leaq	.LC44(%rip), %rdi
	xorl	%eax, %eax
	movl	(%rdx,%r14,4), %esi
	movq	%rdx, 16(%rsp)
	call	printf@PLT
	movq	%r14, %rsi
	leaq	cpus_t.1(%rip), %rax
	salq	$8, %rsi
	addq	%rax, %rsi
	testl	%r12d, %r12d
	je	.L135
	movq	16(%rsp), %rdx
	movq	stdout(%rip), %rdi
	movl	(%rdx,%r14,4), %edx
	call	put_int_list@PLT
	testl	%ebx, %ebx
	leaq	.LC2(%rip), %rdx
	leaq	.LC5(%rip), %rcx
	movl	240(%rsp,%r14,4), %eax
	cmove	%rcx, %rdx
	leaq	.LC3(%rip), %rsi
.L136:
	movl	44(%rsp), %r8d
	movl	%eax, %ecx
	leaq	.LC45(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
	movsd	40(%rbp,%r14,8), %xmm0
	addq	$1, %r14
	movl	$4, %esi
	leaq	.LC46(%rip), %rdi
	call	put@PLT
	movl	$10, %edi
	call	putchar@PLT
	movq	%r13, %rdi
	jmp	.L130
.L135:
	movq	stdout(%rip), %rdi
	xorl	%edx, %edx
	call	put_int_list@PLT
	leaq	.LC4(%rip), %rdx
	movl	240(%rsp,%r14,4), %eax
	movq	%rdx, %rsi
	jmp	.L136
.L269:
	movq	24(%rsp), %r13
	movq	104(%rsp), %r14
	movl	%r12d, 16(%rsp)
	movq	%rbp, %rbx
	movq	112(%rsp), %r15
	leaq	.LC47(%rip), %rbp
	movq	%r13, %r12
.L138:
	cmpq	%r12, %r15
	je	.L270
	xorl	%r13d, %r13d
	cmpl	$0, 24(%r12)
	jle	.L142
	.p2align 6
	.p2align 3
.L139:
	movq	%r13, %rcx
	movq	%rbx, %r8
	movq	%r12, %rdx
	movq	%rbp, %rdi
	salq	$4, %rcx
	leaq	.LC3(%rip), %rsi
	addq	%r13, %rcx
	addq	$1, %r13
	salq	$5, %rcx
	addq	16(%r12), %rcx
	call	print_ratio@PLT
	cmpl	%r13d, 24(%r12)
	jg	.L139
.L142:
	addq	$48, %r12
	jmp	.L138
.L270:
	movl	16(%rsp), %r11d
	movl	80(%rsp), %eax
	xorl	%r15d, %r15d
	leaq	.LC48(%rip), %r12
	xchgq	%r14, %r15
	movl	%eax, 24(%rsp)
	movl	%r11d, 44(%rsp)
.L141:
	movl	24(%rsp), %eax
	addl	%r14d, %eax
	cmpl	%eax, 56(%rsp)
	jle	.L249
	imulq	$96, %r14, %rbp
	movq	32(%rsp), %rax
	xorl	%r13d, %r13d
	movl	%r14d, 16(%rsp)
	addq	%rax, %rbp
	cmpl	$0, 8(%r15)
	jle	.L146
	.p2align 6
	.p2align 3
.L143:
	leaq	0(%r13,%r13,4), %rdx
	movq	%rbx, %r8
	movq	%r15, %rcx
	movq	%rbp, %rsi
	salq	$8, %rdx
	movq	%r12, %rdi
	addq	(%r15), %rdx
	addq	$1, %r13
	call	print_cell@PLT
	cmpl	%r13d, 8(%r15)
	jg	.L143
.L146:
	movq	16(%r15), %rcx
	movq	%r15, %rdx
	movq	%rbx, %r8
	movq	%rbp, %rsi
	leaq	.LC49(%rip), %rdi
	call	print_ratio@PLT
	movl	16(%rsp), %eax
	movl	$3, %ecx
	cltd
	idivl	%ecx
	testl	%edx, %edx
	je	.L271
.L144:
	addq	$1, %r14
	addq	$48, %r15
	jmp	.L141
.L271:
	movq	%rbp, %rsi
	leaq	.LC50(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
	movq	(%r15), %rax
	movl	$4, %esi
	leaq	.LC46(%rip), %rdi
	movslq	36(%rax), %rax
	movsd	1224(%rsp,%rax,8), %xmm0
	call	put@PLT
	movl	$10, %edi
	call	putchar@PLT
	jmp	.L144
.L249:
	movq	72(%rsp), %rbp
	movl	44(%rsp), %r12d
	movq	88(%rsp), %rbx
	jmp	.L145
.L147:
	movq	%rbx, %rdi
	addq	$48, %rbx
	call	drop_block@PLT
.L145:
	cmpq	%rbx, %rbp
	jne	.L147
	cmpq	$0, 328(%rsp)
	je	.L257
	cmpl	$0, 8(%rsp)
	jne	.L257
	testl	%r12d, %r12d
	leaq	.LC6(%rip), %rax
	leaq	.LC7(%rip), %rsi
	cmovne	%rax, %rsi
	leaq	.LC51(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
	jmp	.L257
.L255:
	movslq	%r11d, %r8
	jmp	.L102
.L123:
	movq	%rax, %rdx
	andl	$1, %eax
	pxor	%xmm0, %xmm0
	shrq	%rdx
	orq	%rax, %rdx
	cvtsi2sdq	%rdx, %xmm0
	addsd	%xmm0, %xmm0
	jmp	.L124
.L69:
	movq	%r10, 16(%rsp)
	call	affinity_supported@PLT
	movq	16(%rsp), %r10
	testl	%eax, %eax
	jne	.L71
	cmpq	$0, 320(%rsp)
	je	.L72
	call	affinity_supported@PLT
	movq	16(%rsp), %r10
	testl	%eax, %eax
	movl	%eax, %r11d
	je	.L73
.L93:
	leaq	.LC33(%rip), %rdi
	movq	%r10, 16(%rsp)
	call	puts@PLT
	movq	16(%rsp), %r10
	cmpq	$0, 320(%rsp)
	je	.L75
.L74:
	movl	$73, %edx
	movq	stderr(%rip), %rcx
	movl	$1, %esi
	leaq	.LC36(%rip), %rdi
	movq	%r10, 16(%rsp)
	call	fwrite@PLT
	movq	16(%rsp), %r10
.L75:
	xorl	%r11d, %r11d
	jmp	.L94
.L266:
	cmpl	$0, 8(%rsp)
	jne	.L256
	leaq	2000(%rsp), %rax
	movl	allowed.3(%rip), %edi
	xorl	%edx, %edx
	movl	%ebp, 16(%rsp)
	movq	%rax, %rsi
	movq	%rax, 24(%rsp)
	movl	$3, 2000(%rsp)
	call	cache_llc@PLT
	movl	$1, %r10d
	movl	16(%rsp), %ebx
	movl	$-1, 3344(%rsp)
	movl	$-1, 3352(%rsp)
	leaq	-4+allowed.3(%rip), %r9
	movq	%r10, %rbp
	movl	$-1, 3360(%rsp)
	movl	$-1, 3368(%rsp)
.L105:
	leal	-1(%rbp), %eax
	cmpl	%eax, 44(%rsp)
	jle	.L272
	movq	%rbp, %r14
	jmp	.L110
.L242:
	xorl	%eax, %eax
	testl	%r8d, %r8d
	jne	.L107
	movl	$1, %eax
	testl	%ecx, %ecx
	jne	.L107
	movl	$3, %eax
	testl	%edx, %edx
	je	.L107
	xorl	%eax, %eax
	cmpl	$3, 2000(%rsp)
	setl	%al
	addl	$2, %eax
.L107:
	cmpl	$0, 3344(%rsp,%rax,8)
	jns	.L108
	movq	32(%rsp), %rdi
	movd	%r12d, %xmm0
	movd	%r15d, %xmm1
	punpckldq	%xmm1, %xmm0
	movq	%xmm0, (%rdi,%rax,8)
.L108:
	addq	$1, %r14
.L110:
	cmpl	%r14d, 44(%rsp)
	jle	.L273
	movl	(%r9,%rbp,4), %r12d
	movl	0(%r13,%r14,4), %r15d
	movl	%r12d, %edi
	movl	%r15d, %esi
	call	cpus_are_smt_siblings@PLT
	movl	$2, %edx
	movl	%r15d, %esi
	movl	%r12d, %edi
	movl	%eax, 56(%rsp)
	call	cpus_share_cache@PLT
	movl	2000(%rsp), %edx
	movl	%r15d, %esi
	movl	%r12d, %edi
	movl	%eax, 16(%rsp)
	call	cpus_share_cache@PLT
	movl	56(%rsp), %r8d
	movl	16(%rsp), %ecx
	leaq	-4+allowed.3(%rip), %r9
	movl	%eax, %edx
	movl	%r8d, %eax
	orl	%ecx, %eax
	orl	%edx, %eax
	jns	.L242
	movl	%ebx, %r11d
	leaq	736(%rsp), %r13
	jmp	.L104
.L73:
	leaq	.LC35(%rip), %rdi
	movq	%r10, 48(%rsp)
	movl	%r11d, 16(%rsp)
	call	puts@PLT
	movl	16(%rsp), %r11d
	movq	48(%rsp), %r10
	jmp	.L91
.L71:
	movl	allowed.3(%rip), %edi
	movq	32(%rsp), %rsi
	xorl	%edx, %edx
	movq	%r10, 48(%rsp)
	movl	$3, 3344(%rsp)
	call	cache_llc@PLT
	movq	48(%rsp), %r10
	xorl	%edi, %edi
	xorl	%r11d, %r11d
	movl	%edi, 16(%rsp)
	movl	%r11d, %r8d
	movq	%r10, 88(%rsp)
.L76:
	xorl	%ecx, %ecx
.L89:
	cmpl	$63, %r8d
	setle	%al
	cmpl	%ecx, 44(%rsp)
	jle	.L169
	testb	%al, %al
	je	.L169
	movl	0(%r13,%rcx,4), %r12d
	testl	%r8d, %r8d
	je	.L155
	movl	%r8d, 48(%rsp)
	movslq	%r8d, %rax
	xorl	%ebp, %ebp
	xorl	%ebx, %ebx
	movq	%rcx, 56(%rsp)
	leaq	480(%rsp), %r15
	leaq	(%r15,%rax,4), %r14
	.p2align 6
	.p2align 3
.L78:
	movl	(%r15), %edi
	xorl	%eax, %eax
	movl	%r12d, %esi
	cmpl	%edi, %r12d
	sete	%al
	orl	%eax, %ebx
	call	cpus_are_smt_siblings@PLT
	cmpl	$1, %eax
	sete	%al
	addq	$4, %r15
	movzbl	%al, %eax
	orl	%eax, %ebp
	cmpq	%r14, %r15
	jne	.L78
	movl	48(%rsp), %r8d
	movq	56(%rsp), %rcx
	testl	%ebx, %ebx
	jne	.L83
	movl	480(%rsp), %edi
.L77:
	movl	$2, %edx
	movl	%r12d, %esi
	movq	%rcx, 64(%rsp)
	movl	%r8d, 56(%rsp)
	movl	%edi, 48(%rsp)
	call	cpus_share_cache@PLT
	movl	3344(%rsp), %edx
	movl	48(%rsp), %edi
	movl	%r12d, %esi
	movl	%eax, %r14d
	call	cpus_share_cache@PLT
	movl	56(%rsp), %r8d
	movq	64(%rsp), %rcx
	testl	%eax, %eax
	setne	%dl
	cmpl	$0, 16(%rsp)
	jne	.L80
	testl	%r14d, %r14d
	setne	%al
	testb	%dl, %al
	je	.L83
	andb	$1, %bpl
	je	.L81
.L83:
	addq	$1, %rcx
	jmp	.L89
.L80:
	movl	%ebp, %eax
	xorl	$1, %eax
	andl	$1, %eax
	cmpl	$1, 16(%rsp)
	je	.L274
	cmpl	$2, 16(%rsp)
	setne	%dl
	orl	%edx, %eax
	movzbl	%al, %eax
.L85:
	testl	%eax, %eax
	je	.L83
.L81:
	movslq	%r8d, %rax
	addl	$1, %r8d
	movl	%r12d, 480(%rsp,%rax,4)
	jmp	.L83
.L169:
	addl	$1, 16(%rsp)
	movl	16(%rsp), %edi
	cmpl	$3, %edi
	jg	.L88
	testb	%al, %al
	jne	.L76
.L88:
	cmpq	$0, 320(%rsp)
	movq	88(%rsp), %r10
	movl	%r8d, %r11d
	je	.L70
	movq	%r10, 48(%rsp)
	movl	%r8d, 16(%rsp)
	call	affinity_supported@PLT
	movl	16(%rsp), %r11d
	movq	48(%rsp), %r10
	testl	%eax, %eax
	je	.L73
	testl	%r11d, %r11d
	jne	.L94
	jmp	.L93
.L274:
	andl	%edx, %eax
	movzbl	%al, %eax
	jmp	.L85
.L155:
	xorl	%ebp, %ebp
	movl	%r12d, %edi
	jmp	.L77
.L152:
	xorl	%ebx, %ebx
	movl	%ebx, 8(%rsp)
	jmp	.L47
.L261:
	movq	48(%rsp), %rbp
	movq	%rbx, %rdx
	leaq	.LC26(%rip), %rdi
	movq	%rbp, %rsi
	call	die_usage@PLT
.L51:
	movq	48(%rsp), %rbp
	movl	$47, %edx
	leaq	.LC24(%rip), %rdi
	xorl	%eax, %eax
	movq	%rbp, %rsi
	call	die_usage@PLT
.L273:
	addq	$1, %rbp
	jmp	.L105
.L272:
	movl	%ebx, %r11d
	xorl	%r14d, %r14d
	leaq	pair_name(%rip), %rbx
	xorl	%r15d, %r15d
	leaq	736(%rsp), %r13
	leaq	3348(%rsp), %r12
	leaq	.LC12(%rip), %rbp
.L112:
	movq	32(%rsp), %rax
	movl	(%rax,%r14), %eax
	testl	%eax, %eax
	js	.L111
	movslq	8(%rsp), %rdx
	movd	(%r12,%r14), %xmm3
	movd	%eax, %xmm0
	movl	$8, %ecx
	movl	%r15d, %eax
	movl	%r11d, 16(%rsp)
	movq	%rdx, %rsi
	imulq	$56, %rdx, %rdx
	punpckldq	%xmm3, %xmm0
	addl	$1, %esi
	movl	%esi, 8(%rsp)
	movl	$48, %esi
	addq	%r13, %rdx
	movq	%xmm0, (%rdx)
	leaq	24(%rdx), %rdi
	pxor	%xmm0, %xmm0
	movups	%xmm0, 8(%rdx)
	rep stosl
	movq	(%rbx,%r14), %rcx
	leaq	8(%rdx), %rdi
	xorl	%eax, %eax
	movq	%rbp, %rdx
	call	snprintf@PLT
	movl	16(%rsp), %r11d
.L111:
	addq	$8, %r14
	cmpq	$32, %r14
	jne	.L112
	jmp	.L104
	.cfi_endproc
.LFE34:
	.size	main, .-main
	.section	.rodata
	.align 32
	.type	def.0, @object
	.size	def.0, 32
def.0:
	.quad	1
	.quad	2
	.quad	4
	.quad	8
	.local	cpus_t.1
	.comm	cpus_t.1,4096,32
	.align 8
	.type	srcs.2, @object
	.size	srcs.2, 12
srcs.2:
	.long	0
	.long	1
	.long	2
	.local	allowed.3
	.comm	allowed.3,4096,32
	.section	.rodata.str1.1
.LC53:
	.string	"smt"
.LC54:
	.string	"shared_l2"
.LC55:
	.string	"shared_l3_only"
.LC56:
	.string	"across_l3"
	.section	.data.rel.ro.local,"aw"
	.align 32
	.type	pair_name, @object
	.size	pair_name, 32
pair_name:
	.quad	.LC53
	.quad	.LC54
	.quad	.LC55
	.quad	.LC56
	.section	.rodata.str1.1
.LC57:
	.string	"store"
.LC58:
	.string	"rmw"
.LC59:
	.string	"atomic"
.LC60:
	.string	"register"
	.section	.data.rel.ro.local
	.align 32
	.type	increments, @object
	.size	increments, 64
increments:
	.quad	.LC57
	.quad	inc_store
	.quad	.LC58
	.quad	inc_rmw
	.quad	.LC59
	.quad	inc_atomic
	.quad	.LC60
	.quad	inc_register
	.section	.rodata.cst8,"aM",@progbits,8
	.align 8
.LC19:
	.long	0
	.long	1076101120
	.align 8
.LC30:
	.long	1717986918
	.long	1072850534
	.align 8
.LC31:
	.long	1202590843
	.long	1066695393
	.align 8
.LC41:
	.long	0
	.long	1104006501
	.hidden	now_ns
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
