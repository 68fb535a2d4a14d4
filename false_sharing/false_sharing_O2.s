	.file	"false_sharing.c"
	.text
	.p2align 4
	.type	inc_store, @function
inc_store:
.LFB25:
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
.LFE25:
	.size	inc_store, .-inc_store
	.p2align 4
	.type	inc_rmw, @function
inc_rmw:
.LFB26:
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
.LFE26:
	.size	inc_rmw, .-inc_rmw
	.p2align 4
	.type	inc_register, @function
inc_register:
.LFB28:
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
.LFE28:
	.size	inc_register, .-inc_register
	.p2align 4
	.type	inc_atomic, @function
inc_atomic:
.LFB27:
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
.LFE27:
	.size	inc_atomic, .-inc_atomic
	.section	.rodata.str1.1,"aMS",@progbits,1
.LC0:
	.string	"granted"
.LC1:
	.string	""
.LC2:
	.string	"none"
.LC3:
	.string	"refused"
.LC4:
	.string	"topology_unknown"
.LC5:
	.string	"unpinned"
.LC6:
	.string	"--help"
	.section	.rodata.str1.8,"aMS",@progbits,1
	.align 8
.LC7:
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
.LC8:
	.string	"--rederive"
	.section	.rodata.str1.8
	.align 8
.LC9:
	.string	"cannot write the results to stdout"
	.align 8
.LC10:
	.string	"unknown argument '%s': false_sharing takes only -h (knobs are environment variables)"
	.section	.rodata.str1.1
.LC11:
	.string	"ITERS_LOG2"
.LC12:
	.string	"PIN"
.LC13:
	.string	"PAIRS"
.LC14:
	.string	"THREADS"
	.section	.rodata.str1.8
	.align 8
.LC15:
	.string	"THREADS=%s: %ld is named twice; name each thread count once"
	.section	.rodata.str1.1
.LC17:
	.string	"PAIR_CPUS"
	.section	.rodata.str1.8
	.align 8
.LC18:
	.string	"PAIR_CPUS=%s: expected up to %d entries a,b:name separated by ';'"
	.section	.rodata.str1.1
.LC19:
	.string	"%d,%d:%n"
	.section	.rodata.str1.8
	.align 8
.LC20:
	.string	"abcdefghijklmnopqrstuvwxyz0123456789_"
	.align 8
.LC21:
	.string	"PAIR_CPUS=%s: a name is 1-%zu of a-z, 0-9, _"
	.align 8
.LC22:
	.string	"PAIR_CPUS=%s: %d,%d is not two CPUs this process may run on"
	.align 8
.LC23:
	.string	"PAIR_CPUS=%s: the name %s is used twice"
	.section	.rodata.str1.1
.LC24:
	.string	"PAIR_CPUS=%s: trailing ';'"
	.section	.rodata.str1.8
	.align 8
.LC25:
	.string	"RESULT exp=false_sharing kind=line source=compiled_pad_stride line_bytes=%d\n"
	.align 8
.LC26:
	.string	"RESULT exp=false_sharing kind=line source=%s line_bytes=%ld\n"
	.align 8
.LC29:
	.string	"RESULT exp=false_sharing kind=plan iters_log2=%ld reps_min=%ld rounds_max=%ld max_cell_s=%g rel_target=%g abs_floor_ns=%g interference_share=%g slow_canary=%g probes=%s allowed_cpus=%d online_cpus=%d\n"
	.align 8
.LC30:
	.string	"RESULT exp=false_sharing kind=unpinned why=no_allowed_cpu"
	.align 8
.LC31:
	.string	"RESULT exp=false_sharing kind=unpinned why=pin_0"
	.align 8
.LC32:
	.string	"RESULT exp=false_sharing kind=unpinned why=no_affinity_api"
	.align 8
.LC33:
	.string	"false_sharing: PIN=1 but threads cannot be pinned here; running unpinned\n"
	.section	.rodata.str1.1
.LC34:
	.string	"s"
	.section	.rodata.str1.8
	.align 8
.LC35:
	.string	"RESULT exp=false_sharing kind=skip threads=%d allowed_cpus=%d reason=above_allowed_cpus\n"
	.align 8
.LC36:
	.string	"false_sharing: skipping %d threads: this process may run on %d CPU%s (THREADS=%d runs it oversubscribed)\n"
	.section	.rodata.str1.1
.LC37:
	.string	"%s"
.LC38:
	.string	" class=%s pair=%d,%d"
	.section	.rodata.str1.8
	.align 8
.LC40:
	.string	"false_sharing: done; %ld cell-rounds in %.1f s\n"
	.section	.rodata.str1.1
.LC41:
	.string	"cell"
	.section	.rodata.str1.8
	.align 8
.LC42:
	.string	"RESULT exp=false_sharing kind=placement threads=%d cpus="
	.align 8
.LC43:
	.string	"%s pinning=%s oversubscribed=%d allowed_cpus=%d"
	.section	.rodata.str1.1
.LC44:
	.string	"canary_best_ns"
.LC45:
	.string	"ratio"
.LC46:
	.string	"pair"
.LC47:
	.string	"pair_ratio"
	.section	.rodata.str1.8
	.align 8
.LC48:
	.string	"RESULT exp=false_sharing kind=pair_placement%s threads=2"
	.align 8
.LC49:
	.string	"RESULT exp=false_sharing kind=pairs_skip reason=%s\n"
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LFB33:
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
	subq	$5416, %rsp
	.cfi_def_cfa_offset 5472
	cmpl	$1, %edi
	jle	.L31
	movq	8(%rsi), %r12
	movl	%edi, %ebx
	movq	%rsi, %rbp
	cmpb	$45, (%r12)
	je	.L260
.L167:
	leaq	.LC6(%rip), %rsi
	movq	%r12, %rdi
	call	strcmp@PLT
	testl	%eax, %eax
	je	.L33
	leaq	.LC8(%rip), %rsi
	movq	%r12, %rdi
	call	strcmp@PLT
	testl	%eax, %eax
	jne	.L36
	cmpl	$3, %ebx
	jne	.L36
	movq	16(%rbp), %rdi
	movl	$4, %edx
	leaq	increments(%rip), %rsi
	call	rederive@PLT
.L259:
	movq	stdout(%rip), %rdi
	call	fflush@PLT
	testl	%eax, %eax
	jne	.L38
	movq	stdout(%rip), %rdi
	call	ferror@PLT
	testl	%eax, %eax
	jne	.L38
.L240:
	addq	$5416, %rsp
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
.L260:
	.cfi_restore_state
	cmpb	$104, 1(%r12)
	jne	.L167
	cmpb	$0, 2(%r12)
	jne	.L167
.L33:
	pushq	%rax
	.cfi_def_cfa_offset 5480
	movq	stdout(%rip), %rdi
	xorl	%eax, %eax
	movl	$18, %edx
	pushq	$8
	.cfi_def_cfa_offset 5488
	movl	$64, %r9d
	movl	$10, %r8d
	movl	$11, %ecx
	leaq	.LC7(%rip), %rsi
	call	fprintf@PLT
	popq	%rax
	.cfi_def_cfa_offset 5480
	popq	%rdx
	.cfi_def_cfa_offset 5472
	jmp	.L240
.L31:
	movl	$34, %ecx
	movl	$10, %edx
	movl	$18, %esi
	leaq	.LC11(%rip), %rdi
	leaq	.LC14(%rip), %rbp
	call	env_long@PLT
	xorl	%edx, %edx
	movl	$1, %esi
	leaq	.LC12(%rip), %rdi
	movq	%rax, %rcx
	movq	%rax, 296(%rsp)
	movl	$1, %eax
	salq	%cl, %rax
	movl	$1, %ecx
	movq	%rax, 288(%rsp)
	call	env_long@PLT
	xorl	%edx, %edx
	movl	$1, %ecx
	movl	$1, %esi
	leaq	.LC13(%rip), %rdi
	movq	%rax, 304(%rsp)
	call	env_long@PLT
	leaq	288(%rsp), %r10
	movl	$64, %edx
	leaq	320(%rsp), %rcx
	movl	$16, %r8d
	movl	$1, %esi
	movq	%rbp, %rdi
	movq	%r10, (%rsp)
	movq	%rax, 312(%rsp)
	call	env_long_list@PLT
	xorl	%edx, %edx
	movq	(%rsp), %r10
	testq	%rax, %rax
	movq	%rax, 448(%rsp)
	setne	%dl
	movl	%edx, 456(%rsp)
	je	.L40
	movq	%r10, %rdi
	xorl	%r8d, %r8d
	.p2align 6
	.p2align 3
.L41:
	addq	$1, %r8
	movq	%rdi, %rsi
	addq	$8, %rdi
	cmpq	%r8, %rax
	je	.L44
	movq	32(%rdi), %rbx
	movq	%r10, %rdx
	jmp	.L43
	.p2align 4,,10
	.p2align 3
.L42:
	leaq	8(%rdx), %rcx
	cmpq	%rdx, %rsi
	je	.L41
	movq	%rcx, %rdx
.L43:
	cmpq	32(%rdx), %rbx
	jne	.L42
	movq	%rbp, %rdi
	call	getenv@PLT
	movq	%rbx, %rdx
	leaq	.LC15(%rip), %rdi
	movq	%rax, %rsi
	xorl	%eax, %eax
	call	die_usage@PLT
.L40:
	movdqa	def.0(%rip), %xmm6
	movdqa	16+def.0(%rip), %xmm7
	movq	$4, 448(%rsp)
	movaps	%xmm6, 320(%rsp)
	movaps	%xmm7, 336(%rsp)
.L44:
	movl	$11, %esi
	movsd	.LC16(%rip), %xmm0
	movq	%r10, (%rsp)
	leaq	128(%rsp), %rdi
	leaq	allowed.3(%rip), %r13
	movl	$1024, %ebp
	call	reps_plan_from_env@PLT
	movl	$1024, %esi
	movq	%r13, %rdi
	movl	%ebp, %r14d
	movq	128(%rsp), %rax
	movq	%rax, 56(%rsp)
	call	allowed_cpus@PLT
	leaq	.LC17(%rip), %rdi
	cmpl	%ebp, %eax
	movl	%eax, 16(%rsp)
	cmovle	%eax, %r14d
	movl	%r14d, 104(%rsp)
	call	getenv@PLT
	movq	(%rsp), %r10
	testq	%rax, %rax
	movq	%rax, %rbp
	je	.L149
	leaq	728(%rsp), %r9
	movq	%rax, %r12
	xorl	%eax, %eax
	movq	%rbp, 32(%rsp)
	movl	%eax, (%rsp)
	movq	%r9, %rbx
	movq	%r10, 40(%rsp)
	movq	%r9, 24(%rsp)
	.p2align 6
	.p2align 3
.L46:
	cmpb	$0, (%r12)
	je	.L261
	movl	$0, 3104(%rsp)
	cmpl	$8, (%rsp)
	je	.L48
	xorl	%eax, %eax
	leaq	1984(%rsp), %rcx
	leaq	1168(%rsp), %rdx
	movq	%r12, %rdi
	leaq	3104(%rsp), %r8
	leaq	.LC19(%rip), %rsi
	call	__isoc99_sscanf@PLT
	cmpl	$2, %eax
	jne	.L48
	movslq	3104(%rsp), %rbp
	testl	%ebp, %ebp
	je	.L48
	addq	%r12, %rbp
	leaq	.LC20(%rip), %rsi
	movq	%rbp, %rdi
	call	strspn@PLT
	movq	%rax, %r15
	leaq	-1(%rax), %rax
	cmpq	$46, %rax
	ja	.L49
	leaq	0(%rbp,%r15), %rax
	movq	%rax, 8(%rsp)
	movzbl	(%rax), %eax
	cmpb	$59, %al
	je	.L165
	testb	%al, %al
	jne	.L49
.L165:
	movl	1168(%rsp), %edi
	movl	1984(%rsp), %r8d
	movl	16(%rsp), %eax
	movd	%edi, %xmm0
	movd	%r8d, %xmm5
	punpckldq	%xmm5, %xmm0
	testl	%eax, %eax
	jle	.L246
	xorl	%eax, %eax
	xorl	%esi, %esi
	.p2align 6
	.p2align 3
.L51:
	movl	0(%r13,%rax,4), %ecx
	movl	$1, %edx
	cmpl	%edi, %ecx
	je	.L53
	xorl	%edx, %edx
	cmpl	%r8d, %ecx
	sete	%dl
.L53:
	addq	$1, %rax
	addl	%edx, %esi
	cmpl	%eax, %r14d
	jg	.L51
	cmpl	%r8d, %edi
	je	.L246
	cmpl	$2, %esi
	jne	.L246
	movq	%xmm0, -8(%rbx)
	pxor	%xmm0, %xmm0
	movq	%r15, %rdx
	movq	%rbp, %rsi
	movups	%xmm0, (%rbx)
	movq	%rbx, %rdi
	movups	%xmm0, 16(%rbx)
	movups	%xmm0, 32(%rbx)
	call	memcpy@PLT
	movl	(%rsp), %r12d
	testl	%r12d, %r12d
	je	.L56
	movq	24(%rsp), %r12
	.p2align 6
	.p2align 3
.L58:
	movq	%rbx, %rsi
	movq	%r12, %rdi
	call	strcmp@PLT
	testl	%eax, %eax
	je	.L262
	addq	$56, %r12
	cmpq	%rbx, %r12
	jne	.L58
.L56:
	movq	8(%rsp), %rax
	movzbl	(%rax), %eax
	cmpb	$59, %al
	je	.L263
.L59:
	xorl	%r12d, %r12d
	cmpb	$59, %al
	sete	%r12b
	addl	$1, (%rsp)
	addq	$56, %rbx
	addq	%r15, %r12
	addq	%rbp, %r12
	jmp	.L46
.L263:
	cmpb	$0, 1(%rbp,%r15)
	jne	.L59
	movq	32(%rsp), %rsi
	leaq	.LC24(%rip), %rdi
	xorl	%eax, %eax
	call	die_usage@PLT
.L48:
	movq	32(%rsp), %rbp
	movl	$8, %edx
	leaq	.LC18(%rip), %rdi
	xorl	%eax, %eax
	movq	%rbp, %rsi
	call	die_usage@PLT
.L246:
	movq	32(%rsp), %rbp
	movl	%edi, %edx
	movl	%r8d, %ecx
	xorl	%eax, %eax
	leaq	.LC22(%rip), %rdi
	movq	%rbp, %rsi
	call	die_usage@PLT
.L261:
	movq	40(%rsp), %r10
.L45:
	movl	$128, %esi
	xorl	%eax, %eax
	movq	%r10, 8(%rsp)
	xorl	%r12d, %r12d
	leaq	.LC25(%rip), %rdi
	call	printf@PLT
	leaq	3104(%rsp), %rax
	movq	%rax, 24(%rsp)
.L62:
	leaq	srcs.2(%rip), %rax
	movq	24(%rsp), %rdx
	xorl	%esi, %esi
	movl	$8, %ecx
	movl	(%rax,%r12,4), %r15d
	movl	%r15d, %edi
	call	cache_levels@PLT
	testl	%eax, %eax
	jle	.L66
	movslq	%eax, %rbp
	movq	24(%rsp), %rdi
	movq	%r12, %r14
	movl	%r15d, %r12d
	imulq	$152, %rbp, %rbp
	movq	%rdi, %rbx
	addq	%rdi, %rbp
	jmp	.L65
	.p2align 4,,10
	.p2align 3
.L64:
	addq	$152, %rbx
	cmpq	%rbp, %rbx
	je	.L264
.L65:
	cmpl	$1, (%rbx)
	jne	.L64
	movq	16(%rbx), %r15
	testq	%r15, %r15
	jle	.L64
	movl	%r12d, %edi
	call	cache_source_name@PLT
	movq	%r15, %rdx
	leaq	.LC26(%rip), %rdi
	movq	%rax, %rsi
	xorl	%eax, %eax
	call	printf@PLT
	jmp	.L64
.L264:
	movq	%r14, %r12
.L66:
	addq	$1, %r12
	cmpq	$3, %r12
	jne	.L62
	movq	56(%rsp), %r15
	leaq	10(,%r15,4), %rax
	leaq	0(,%rax,4), %r14
	movq	%r14, 64(%rsp)
	call	online_cpus@PLT
	movl	%eax, %ebx
	call	probe_sources@PLT
	movsd	.LC28(%rip), %xmm2
	movq	%r14, %rcx
	movq	%r15, %rdx
	pushq	%r9
	.cfi_def_cfa_offset 5480
	movsd	.LC27(%rip), %xmm4
	movq	%rax, %r8
	leaq	.LC29(%rip), %rdi
	pushq	%rbx
	.cfi_def_cfa_offset 5488
	movl	120(%rsp), %r9d
	movapd	%xmm2, %xmm3
	movl	$5, %eax
	movsd	168(%rsp), %xmm1
	movq	312(%rsp), %rsi
	movsd	160(%rsp), %xmm0
	call	printf@PLT
	popq	%r10
	.cfi_def_cfa_offset 5480
	popq	%r11
	.cfi_def_cfa_offset 5472
	cmpq	$0, 304(%rsp)
	movq	8(%rsp), %r10
	jne	.L67
.L70:
	xorl	%r11d, %r11d
.L68:
	leaq	.LC31(%rip), %rdi
	movq	%r10, 32(%rsp)
	movl	%r11d, 8(%rsp)
	call	puts@PLT
	movl	8(%rsp), %r11d
	movq	32(%rsp), %r10
.L89:
	cmpq	$0, 304(%rsp)
	je	.L92
	testl	%r11d, %r11d
	je	.L72
.L92:
	cmpl	$1, 16(%rsp)
	leaq	.LC34(%rip), %rax
	movl	%r11d, %ebp
	leaq	.LC1(%rip), %r15
	leaq	cpus_t.1(%rip), %r12
	cmovne	%rax, %r15
	xorl	%eax, %eax
	xorl	%ebx, %ebx
	movl	%eax, %r11d
	movq	%r15, 8(%rsp)
	movl	104(%rsp), %r15d
.L94:
	cmpq	448(%rsp), %rbx
	jnb	.L265
	movq	32(%r10,%rbx,8), %r9
	movl	%r9d, %r14d
	cmpl	%r9d, %r15d
	jge	.L95
	cmpl	$0, 456(%rsp)
	je	.L266
.L95:
	testl	%ebp, %ebp
	je	.L257
	testl	%r9d, %r9d
	jle	.L257
	movslq	%r11d, %r8
	xorl	%esi, %esi
	movq	%r8, %rdi
	salq	$8, %rdi
	addq	%r12, %rdi
	.p2align 6
	.p2align 3
.L97:
	movl	%esi, %eax
	cltd
	idivl	%ebp
	movslq	%edx, %rdx
	movl	464(%rsp,%rdx,4), %eax
	movl	%eax, (%rdi,%rsi,4)
	addq	$1, %rsi
	cmpl	%esi, %r14d
	jg	.L97
.L100:
	xorl	%eax, %eax
	cmpl	%r9d, %r15d
	movl	%r9d, 160(%rsp,%r8,4)
	setl	%al
	addl	$1, %r11d
	movl	%eax, 224(%rsp,%r8,4)
.L96:
	addq	$1, %rbx
	jmp	.L94
.L266:
	movl	%r9d, %esi
	movl	%r15d, %edx
	leaq	.LC35(%rip), %rdi
	xorl	%eax, %eax
	movq	%r10, 40(%rsp)
	movl	%r11d, 32(%rsp)
	movq	%r9, 16(%rsp)
	call	printf@PLT
	movq	16(%rsp), %r9
	movl	%r15d, %ecx
	movl	%r14d, %edx
	movq	8(%rsp), %r8
	movq	stderr(%rip), %rdi
	leaq	.LC36(%rip), %rsi
	xorl	%eax, %eax
	call	fprintf@PLT
	movl	32(%rsp), %r11d
	movq	40(%rsp), %r10
	jmp	.L96
.L265:
	cmpq	$0, 312(%rsp)
	movl	%r11d, 32(%rsp)
	movl	%ebp, %r11d
	je	.L153
	cmpl	$1, %ebp
	jg	.L267
.L153:
	xorl	%esi, %esi
	movl	%esi, (%rsp)
.L258:
	leaq	1984(%rsp), %rax
	leaq	720(%rsp), %r13
	movq	%rax, 16(%rsp)
.L102:
	movq	64(%rsp), %rax
	movl	%r11d, 40(%rsp)
	xorl	%ebp, %ebp
	leaq	increments(%rip), %r12
	leaq	1168(%rsp), %rbx
	subq	$32, %rsp
	.cfi_def_cfa_offset 5504
	movq	%rax, 168(%rsp)
	movq	320(%rsp), %rsi
	movq	%rbx, %rdi
	movdqa	160(%rsp), %xmm4
	movdqa	176(%rsp), %xmm6
	movups	%xmm4, (%rsp)
	movups	%xmm6, 16(%rsp)
	call	run_init@PLT
	addq	$32, %rsp
	.cfi_def_cfa_offset 5472
	movl	32(%rsp), %r15d
	movq	16(%rsp), %r14
	movq	%rbx, 8(%rsp)
	movl	40(%rsp), %ebx
	jmp	.L111
.L112:
	movq	%rbp, %rsi
	xorl	%ecx, %ecx
	leaq	160(%rsp), %rdx
	pushq	%rax
	.cfi_def_cfa_offset 5480
	salq	$4, %rsi
	leaq	cpus_t.1(%rip), %r8
	addq	%r12, %rsi
	testl	%ebx, %ebx
	setg	%cl
	addq	$1, %rbp
	pushq	%rcx
	.cfi_def_cfa_offset 5488
	movl	%r15d, %ecx
	leaq	240(%rsp), %r9
	call	build_block@PLT
	popq	%rdx
	.cfi_def_cfa_offset 5480
	popq	%rcx
	.cfi_def_cfa_offset 5472
.L111:
	cmpl	$3, %ebp
	setle	%dl
	testl	%r15d, %r15d
	setne	%cl
	imulq	$40, %rbp, %rdi
	addq	%r14, %rdi
	andb	%cl, %dl
	jne	.L112
	movq	%rbp, %rax
	movq	%rbp, 64(%rsp)
	movq	%rdi, %rbp
	movq	16(%rsp), %rdi
	movl	%eax, 48(%rsp)
	cltq
	movl	%ebx, %r11d
	movq	8(%rsp), %rbx
	imulq	$40, %rax, %rax
	movl	%edx, %esi
	movq	%r14, 72(%rsp)
	xorl	%edx, %edx
	movb	%sil, 88(%rsp)
	movq	%rdx, %r15
	movl	%r11d, 108(%rsp)
	leaq	(%rdi,%rax), %rcx
	movq	%rbx, 120(%rsp)
	movq	%rcx, 80(%rsp)
	movq	%rcx, %rax
	movq	%rcx, 96(%rsp)
	movq	%rbp, 112(%rsp)
	movq	%r13, %rbp
.L113:
	cmpl	%r15d, (%rsp)
	jle	.L268
	leaq	8(%rbp), %rdi
	movq	%rax, 40(%rsp)
	movq	%rax, %r13
	leaq	increments(%rip), %r12
	movq	%rdi, 8(%rsp)
	movl	32(%rsp), %edi
	imulq	$288, %r15, %r10
	leal	(%rdi,%r15), %r14d
	movq	24(%rsp), %rdi
	leaq	(%rdi,%r10), %rbx
.L114:
	movl	4(%rbp), %r9d
	movl	0(%rbp), %r8d
	movq	%rbx, %rdi
	movl	$96, %esi
	movq	8(%rsp), %rcx
	leaq	.LC38(%rip), %rdx
	xorl	%eax, %eax
	addq	$96, %rbx
	call	snprintf@PLT
	movq	%r12, %rsi
	movq	%r13, %rdi
	movl	%r14d, %ecx
	movq	%rbp, %rdx
	addq	$16, %r12
	addq	$40, %r13
	call	build_pair_block@PLT
	leaq	48+increments(%rip), %rax
	cmpq	%rax, %r12
	jne	.L114
	movq	40(%rsp), %rax
	addq	$1, %r15
	addq	$56, %rbp
	addq	$120, %rax
	jmp	.L113
.L268:
	imull	$3, (%rsp), %r12d
	movl	48(%rsp), %eax
	xorl	%ecx, %ecx
	movq	56(%rsp), %r8
	movzbl	88(%rsp), %esi
	movq	96(%rsp), %r14
	movl	108(%rsp), %r11d
	leal	(%rax,%r12), %r9d
	movq	112(%rsp), %rbp
	movq	120(%rsp), %rbx
	addq	$1, %r8
	movl	%r9d, 40(%rsp)
	movq	1952(%rsp), %rdi
	movq	16(%rsp), %rdx
	jmp	.L116
.L117:
	movslq	-32(%rdx), %rax
	addl	$1, %ecx
	movl	$1, %esi
	imulq	%r8, %rax
	addq	%rax, %rdi
.L116:
	addq	$40, %rdx
	cmpl	%r9d, %ecx
	jne	.L117
	testb	%sil, %sil
	je	.L118
	movq	%rdi, 1952(%rsp)
.L118:
	movslq	40(%rsp), %r13
	movq	16(%rsp), %r15
	movl	%r11d, 8(%rsp)
	imulq	$40, %r13, %r13
	addq	%r15, %r13
	jmp	.L119
.L120:
	movq	%r15, %rdi
	movq	%rbx, %rsi
	call	block_alloc@PLT
	movq	%r15, %rdi
	movq	%rbx, %rsi
	addq	$40, %r15
	call	block_run@PLT
.L119:
	cmpq	%r15, %r13
	jne	.L120
	movq	%r15, 56(%rsp)
	call	now_ns@PLT
	subq	1968(%rsp), %rax
	movl	8(%rsp), %r11d
	js	.L121
	pxor	%xmm0, %xmm0
	cvtsi2sdq	%rax, %xmm0
.L122:
	movq	1944(%rsp), %rdx
	movl	$1, %eax
	movl	%r11d, 8(%rsp)
	leaq	.LC40(%rip), %rsi
	movq	stderr(%rip), %rdi
	divsd	.LC39(%rip), %xmm0
	call	fprintf@PLT
	movq	16(%rsp), %r13
	movl	40(%rsp), %esi
	movq	%rbx, %rdx
	movq	%r13, %rdi
	xchgq	%r13, %rbp
	call	run_levels@PLT
	movq	56(%rsp), %r15
	jmp	.L123
.L124:
	movq	%rbp, %rdi
	movq	%rbx, %rsi
	addq	$40, %rbp
	call	block_finish@PLT
.L123:
	cmpq	%rbp, %r15
	jne	.L124
	movq	16(%rsp), %r15
	movl	8(%rsp), %r11d
	movl	1464(%rsp), %edx
	movl	48(%rsp), %esi
	movq	%r15, %rdi
	movl	%r11d, 88(%rsp)
	call	adjust_table@PLT
	movl	1464(%rsp), %edx
	movl	%r12d, %esi
	movq	%r13, %rdi
	leaq	.LC41(%rip), %r13
	call	adjust_table@PLT
	movl	40(%rsp), %esi
	movq	%r15, %rdi
	movq	%rbx, %rdx
	call	print_levels@PLT
	imulq	$40, 64(%rsp), %rax
	movq	%r14, 8(%rsp)
	movq	%r15, %r14
	leaq	(%r15,%rax), %r12
	movl	88(%rsp), %r15d
.L125:
	cmpq	%r14, %r12
	je	.L269
	xorl	%ebp, %ebp
	cmpl	$0, 8(%r14)
	jle	.L129
	.p2align 6
	.p2align 3
.L126:
	imulq	$1264, %rbp, %rdx
	movq	%rbx, %r8
	addq	(%r14), %rdx
	movq	%r14, %rcx
	leaq	.LC1(%rip), %rsi
	movq	%r13, %rdi
	addq	$1, %rbp
	call	print_cell@PLT
	cmpl	%ebp, 8(%r14)
	jg	.L126
.L129:
	addq	$40, %r14
	jmp	.L125
.L269:
	movl	%r15d, %r11d
	movq	%r14, %r15
	movq	8(%rsp), %r14
	xorl	%r13d, %r13d
	xorl	%ebp, %ebp
	movq	%r15, 96(%rsp)
	movl	%r11d, %r12d
	movq	%r14, 88(%rsp)
	movq	%r13, %r14
	movq	%rbx, %r13
	movq	80(%rsp), %rbx
	movq	%rbp, %r15
.L128:
	cmpl	%r15d, 32(%rsp)
	jle	.L270
	xorl	%ebp, %ebp
	testl	%r12d, %r12d
	movq	16(%rsp), %rsi
	setg	%bpl
	cmpl	$0, 48(%rsp)
	je	.L131
	.p2align 6
	.p2align 3
.L130:
	movq	(%rsi), %rdx
	xorl	%eax, %eax
	addq	%r14, %rdx
.L132:
	addl	$1, %eax
	andl	116(%rdx), %ebp
	addq	$1264, %rdx
	cmpl	$3, %eax
	jne	.L132
	addq	$40, %rsi
	cmpq	%rsi, %rbx
	jne	.L130
.L131:
	leaq	160(%rsp), %rdx
	leaq	.LC42(%rip), %rdi
	xorl	%eax, %eax
	movl	(%rdx,%r15,4), %esi
	movq	%rdx, 8(%rsp)
	call	printf@PLT
	movq	%r15, %rsi
	leaq	cpus_t.1(%rip), %rax
	salq	$8, %rsi
	addq	%rax, %rsi
	testl	%r12d, %r12d
	je	.L133
	movq	8(%rsp), %rdx
	movq	stdout(%rip), %rdi
	movl	(%rdx,%r15,4), %edx
	call	put_int_list@PLT
	testl	%ebp, %ebp
	leaq	.LC0(%rip), %rdx
	leaq	.LC3(%rip), %rcx
	movl	224(%rsp,%r15,4), %eax
	cmove	%rcx, %rdx
	leaq	.LC1(%rip), %rsi
.L134:
	movl	104(%rsp), %r8d
	movl	%eax, %ecx
	xorl	%eax, %eax
	addq	$3792, %r14
	leaq	.LC43(%rip), %rdi
	call	printf@PLT
	movsd	40(%r13,%r15,8), %xmm0
	addq	$1, %r15
	movl	$4, %esi
	leaq	.LC44(%rip), %rdi
	call	put@PLT
	movl	$10, %edi
	call	putchar@PLT
	jmp	.L128
.L133:
	movq	stdout(%rip), %rdi
	xorl	%edx, %edx
	call	put_int_list@PLT
	leaq	.LC2(%rip), %rdx
	movl	224(%rsp,%r15,4), %eax
	movq	%rdx, %rsi
	jmp	.L134
.L270:
	movq	%r13, %rbx
	movq	16(%rsp), %r13
	movq	88(%rsp), %r14
	movl	%r12d, 8(%rsp)
	movq	96(%rsp), %r15
	leaq	.LC45(%rip), %rbp
	movq	%r13, %r12
.L136:
	cmpq	%r12, %r15
	je	.L271
	xorl	%r13d, %r13d
	cmpl	$0, 24(%r12)
	jle	.L140
	.p2align 6
	.p2align 3
.L137:
	movq	%r13, %rcx
	movq	%rbx, %r8
	movq	%r12, %rdx
	movq	%rbp, %rdi
	salq	$4, %rcx
	leaq	.LC1(%rip), %rsi
	addq	%r13, %rcx
	addq	$1, %r13
	salq	$5, %rcx
	addq	16(%r12), %rcx
	call	print_ratio@PLT
	cmpl	%r13d, 24(%r12)
	jg	.L137
.L140:
	addq	$40, %r12
	jmp	.L136
.L271:
	movl	8(%rsp), %r11d
	movl	64(%rsp), %eax
	xorl	%r9d, %r9d
	leaq	.LC46(%rip), %r12
	movl	%eax, 104(%rsp)
	movl	%r11d, 32(%rsp)
.L139:
	movl	104(%rsp), %eax
	addl	%r9d, %eax
	cmpl	%eax, 40(%rsp)
	jle	.L251
	imulq	$96, %r9, %rbp
	movq	24(%rsp), %rax
	xorl	%r15d, %r15d
	xorl	%r13d, %r13d
	movl	%r9d, 8(%rsp)
	addq	%rax, %rbp
	cmpl	$0, 8(%r14)
	jle	.L144
	movq	%r9, 16(%rsp)
	.p2align 6
	.p2align 3
.L141:
	movq	(%r14), %rdx
	movq	%rbx, %r8
	movq	%r14, %rcx
	movq	%rbp, %rsi
	movq	%r12, %rdi
	addl	$1, %r13d
	addq	%r15, %rdx
	addq	$1264, %r15
	call	print_cell@PLT
	cmpl	8(%r14), %r13d
	jl	.L141
	movq	16(%rsp), %r9
.L144:
	movq	16(%r14), %rcx
	movq	%r14, %rdx
	movq	%rbx, %r8
	movq	%rbp, %rsi
	leaq	.LC47(%rip), %rdi
	movq	%r9, 16(%rsp)
	call	print_ratio@PLT
	movl	8(%rsp), %eax
	movl	$3, %ecx
	movq	16(%rsp), %r9
	cltd
	idivl	%ecx
	testl	%edx, %edx
	je	.L272
.L142:
	addq	$1, %r9
	addq	$40, %r14
	jmp	.L139
.L272:
	movq	%rbp, %rsi
	leaq	.LC48(%rip), %rdi
	xorl	%eax, %eax
	movq	%r9, 8(%rsp)
	call	printf@PLT
	movq	(%r14), %rax
	movl	$4, %esi
	leaq	.LC44(%rip), %rdi
	movslq	36(%rax), %rax
	movsd	1208(%rsp,%rax,8), %xmm0
	call	put@PLT
	movl	$10, %edi
	call	putchar@PLT
	movq	8(%rsp), %r9
	jmp	.L142
.L251:
	movq	56(%rsp), %rbp
	movl	32(%rsp), %r12d
	movq	72(%rsp), %rbx
	jmp	.L143
.L145:
	movq	%rbx, %rdi
	addq	$40, %rbx
	call	drop_block@PLT
.L143:
	cmpq	%rbx, %rbp
	jne	.L145
	cmpq	$0, 312(%rsp)
	je	.L259
	cmpl	$0, (%rsp)
	jne	.L259
	testl	%r12d, %r12d
	leaq	.LC4(%rip), %rax
	leaq	.LC5(%rip), %rsi
	cmovne	%rax, %rsi
	leaq	.LC49(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
	jmp	.L259
.L257:
	movslq	%r11d, %r8
	jmp	.L100
.L121:
	movq	%rax, %rdx
	andl	$1, %eax
	pxor	%xmm0, %xmm0
	shrq	%rdx
	orq	%rax, %rdx
	cvtsi2sdq	%rdx, %xmm0
	addsd	%xmm0, %xmm0
	jmp	.L122
.L67:
	movq	%r10, 8(%rsp)
	call	affinity_supported@PLT
	movq	8(%rsp), %r10
	testl	%eax, %eax
	jne	.L69
	cmpq	$0, 304(%rsp)
	je	.L70
	call	affinity_supported@PLT
	movq	8(%rsp), %r10
	testl	%eax, %eax
	movl	%eax, %r11d
	je	.L71
.L91:
	leaq	.LC30(%rip), %rdi
	movq	%r10, 8(%rsp)
	call	puts@PLT
	movq	8(%rsp), %r10
	cmpq	$0, 304(%rsp)
	je	.L73
.L72:
	movl	$73, %edx
	movq	stderr(%rip), %rcx
	movl	$1, %esi
	leaq	.LC33(%rip), %rdi
	movq	%r10, 8(%rsp)
	call	fwrite@PLT
	movq	8(%rsp), %r10
.L73:
	xorl	%r11d, %r11d
	jmp	.L92
.L267:
	cmpl	$0, (%rsp)
	jne	.L258
	leaq	1984(%rsp), %rax
	movl	allowed.3(%rip), %edi
	xorl	%edx, %edx
	movl	%ebp, 8(%rsp)
	movq	%rax, %rsi
	movq	%rax, 16(%rsp)
	movl	$3, 1984(%rsp)
	call	cache_llc@PLT
	movl	$1, %r10d
	movl	8(%rsp), %ebx
	movl	$-1, 3104(%rsp)
	movl	$-1, 3112(%rsp)
	leaq	-4+allowed.3(%rip), %r9
	movq	%r10, %rbp
	movl	$-1, 3120(%rsp)
	movl	$-1, 3128(%rsp)
.L103:
	leal	-1(%rbp), %eax
	cmpl	%eax, 104(%rsp)
	jle	.L273
	movq	%rbp, %r14
	jmp	.L108
.L244:
	xorl	%eax, %eax
	testl	%r8d, %r8d
	jne	.L105
	movl	$1, %eax
	testl	%ecx, %ecx
	jne	.L105
	movl	$3, %eax
	testl	%edx, %edx
	je	.L105
	xorl	%eax, %eax
	cmpl	$3, 1984(%rsp)
	setl	%al
	addl	$2, %eax
.L105:
	cmpl	$0, 3104(%rsp,%rax,8)
	jns	.L106
	movq	24(%rsp), %rdi
	movd	%r12d, %xmm0
	movd	%r15d, %xmm1
	punpckldq	%xmm1, %xmm0
	movq	%xmm0, (%rdi,%rax,8)
.L106:
	addq	$1, %r14
.L108:
	cmpl	%r14d, 104(%rsp)
	jle	.L274
	movl	(%r9,%rbp,4), %r12d
	movl	0(%r13,%r14,4), %r15d
	movl	%r12d, %edi
	movl	%r15d, %esi
	call	cpus_are_smt_siblings@PLT
	movl	$2, %edx
	movl	%r15d, %esi
	movl	%r12d, %edi
	movl	%eax, 40(%rsp)
	call	cpus_share_cache@PLT
	movl	1984(%rsp), %edx
	movl	%r15d, %esi
	movl	%r12d, %edi
	movl	%eax, 8(%rsp)
	call	cpus_share_cache@PLT
	movl	40(%rsp), %r8d
	movl	8(%rsp), %ecx
	leaq	-4+allowed.3(%rip), %r9
	movl	%eax, %edx
	movl	%r8d, %eax
	orl	%ecx, %eax
	orl	%edx, %eax
	jns	.L244
	movl	%ebx, %r11d
	leaq	720(%rsp), %r13
	jmp	.L102
.L71:
	leaq	.LC32(%rip), %rdi
	movq	%r10, 32(%rsp)
	movl	%r11d, 8(%rsp)
	call	puts@PLT
	movl	8(%rsp), %r11d
	movq	32(%rsp), %r10
	jmp	.L89
.L69:
	movl	allowed.3(%rip), %edi
	movq	24(%rsp), %rsi
	xorl	%edx, %edx
	movq	%r10, 32(%rsp)
	movl	$3, 3104(%rsp)
	call	cache_llc@PLT
	movq	32(%rsp), %r10
	xorl	%edi, %edi
	xorl	%r11d, %r11d
	movl	%edi, 8(%rsp)
	movl	%r11d, %r8d
	movq	%r10, 72(%rsp)
.L74:
	xorl	%ecx, %ecx
.L87:
	cmpl	$63, %r8d
	setle	%al
	cmpl	%ecx, 104(%rsp)
	jle	.L166
	testb	%al, %al
	je	.L166
	movl	0(%r13,%rcx,4), %r12d
	testl	%r8d, %r8d
	je	.L152
	movl	%r8d, 32(%rsp)
	movslq	%r8d, %rax
	xorl	%ebp, %ebp
	xorl	%ebx, %ebx
	movq	%rcx, 40(%rsp)
	leaq	464(%rsp), %r15
	leaq	(%r15,%rax,4), %r14
	.p2align 6
	.p2align 3
.L76:
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
	jne	.L76
	movl	32(%rsp), %r8d
	movq	40(%rsp), %rcx
	testl	%ebx, %ebx
	jne	.L81
	movl	464(%rsp), %edi
.L75:
	movl	$2, %edx
	movl	%r12d, %esi
	movq	%rcx, 48(%rsp)
	movl	%r8d, 40(%rsp)
	movl	%edi, 32(%rsp)
	call	cpus_share_cache@PLT
	movl	3104(%rsp), %edx
	movl	32(%rsp), %edi
	movl	%r12d, %esi
	movl	%eax, %r14d
	call	cpus_share_cache@PLT
	movl	40(%rsp), %r8d
	movq	48(%rsp), %rcx
	testl	%eax, %eax
	setne	%dl
	cmpl	$0, 8(%rsp)
	jne	.L78
	testl	%r14d, %r14d
	setne	%al
	testb	%dl, %al
	je	.L81
	andb	$1, %bpl
	je	.L79
.L81:
	addq	$1, %rcx
	jmp	.L87
.L78:
	movl	%ebp, %eax
	xorl	$1, %eax
	andl	$1, %eax
	cmpl	$1, 8(%rsp)
	je	.L275
	cmpl	$2, 8(%rsp)
	setne	%dl
	orl	%edx, %eax
	movzbl	%al, %eax
.L83:
	testl	%eax, %eax
	je	.L81
.L79:
	movslq	%r8d, %rax
	addl	$1, %r8d
	movl	%r12d, 464(%rsp,%rax,4)
	jmp	.L81
.L166:
	addl	$1, 8(%rsp)
	movl	8(%rsp), %edi
	cmpl	$3, %edi
	jg	.L86
	testb	%al, %al
	jne	.L74
.L86:
	cmpq	$0, 304(%rsp)
	movq	72(%rsp), %r10
	movl	%r8d, %r11d
	je	.L68
	movq	%r10, 32(%rsp)
	movl	%r8d, 8(%rsp)
	call	affinity_supported@PLT
	movl	8(%rsp), %r11d
	movq	32(%rsp), %r10
	testl	%eax, %eax
	je	.L71
	testl	%r11d, %r11d
	jne	.L92
	jmp	.L91
.L275:
	andl	%edx, %eax
	movzbl	%al, %eax
	jmp	.L83
.L152:
	xorl	%ebp, %ebp
	movl	%r12d, %edi
	jmp	.L75
.L149:
	xorl	%ebx, %ebx
	movl	%ebx, (%rsp)
	jmp	.L45
.L262:
	movq	32(%rsp), %rbp
	movq	%rbx, %rdx
	leaq	.LC23(%rip), %rdi
	movq	%rbp, %rsi
	call	die_usage@PLT
.L38:
	leaq	.LC9(%rip), %rdi
	xorl	%eax, %eax
	call	die@PLT
.L274:
	addq	$1, %rbp
	jmp	.L103
.L273:
	movl	%ebx, %r11d
	xorl	%r14d, %r14d
	leaq	pair_name(%rip), %rbx
	xorl	%r15d, %r15d
	leaq	720(%rsp), %r13
	leaq	3108(%rsp), %r12
	leaq	.LC37(%rip), %rbp
.L110:
	movq	24(%rsp), %rax
	movl	(%rax,%r14), %eax
	testl	%eax, %eax
	js	.L109
	movslq	(%rsp), %rdx
	movd	(%r12,%r14), %xmm3
	movd	%eax, %xmm0
	movl	$8, %ecx
	movl	%r15d, %eax
	movl	%r11d, 8(%rsp)
	movq	%rdx, %rsi
	imulq	$56, %rdx, %rdx
	punpckldq	%xmm3, %xmm0
	addl	$1, %esi
	movl	%esi, (%rsp)
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
	movl	8(%rsp), %r11d
.L109:
	addq	$8, %r14
	cmpq	$32, %r14
	jne	.L110
	jmp	.L102
.L36:
	movq	%r12, %rsi
	leaq	.LC10(%rip), %rdi
	xorl	%eax, %eax
	call	die_usage@PLT
.L49:
	movq	32(%rsp), %rbp
	movl	$47, %edx
	leaq	.LC21(%rip), %rdi
	xorl	%eax, %eax
	movq	%rbp, %rsi
	call	die_usage@PLT
	.cfi_endproc
.LFE33:
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
.LC51:
	.string	"smt"
.LC52:
	.string	"shared_l2"
.LC53:
	.string	"shared_l3_only"
.LC54:
	.string	"across_l3"
	.section	.data.rel.ro.local,"aw"
	.align 32
	.type	pair_name, @object
	.size	pair_name, 32
pair_name:
	.quad	.LC51
	.quad	.LC52
	.quad	.LC53
	.quad	.LC54
	.section	.rodata.str1.1
.LC55:
	.string	"store"
.LC56:
	.string	"rmw"
.LC57:
	.string	"atomic"
.LC58:
	.string	"register"
	.section	.data.rel.ro.local
	.align 32
	.type	increments, @object
	.size	increments, 64
increments:
	.quad	.LC55
	.quad	inc_store
	.quad	.LC56
	.quad	inc_rmw
	.quad	.LC57
	.quad	inc_atomic
	.quad	.LC58
	.quad	inc_register
	.section	.rodata.cst8,"aM",@progbits,8
	.align 8
.LC16:
	.long	0
	.long	1076101120
	.align 8
.LC27:
	.long	1717986918
	.long	1072850534
	.align 8
.LC28:
	.long	1202590843
	.long	1066695393
	.align 8
.LC39:
	.long	0
	.long	1104006501
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
