	.file	"bench.c"
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
	.p2align 4,,10
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
	.p2align 4,,10
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
	.p2align 4,,10
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
	.p2align 4,,10
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
	.p2align 4
	.type	worker_main, @function
worker_main:
.LFB31:
	.cfi_startproc
	pushq	%r14
	.cfi_def_cfa_offset 16
	.cfi_offset 14, -16
	xorl	%eax, %eax
	pushq	%r13
	.cfi_def_cfa_offset 24
	.cfi_offset 13, -24
	pushq	%r12
	.cfi_def_cfa_offset 32
	.cfi_offset 12, -32
	pushq	%rbp
	.cfi_def_cfa_offset 40
	.cfi_offset 6, -40
	pushq	%rbx
	.cfi_def_cfa_offset 48
	.cfi_offset 3, -48
	movq	%rdi, %rbx
	movl	32(%rdi), %edi
	testl	%edi, %edi
	js	.L31
	call	pin_self@PLT
	testl	%eax, %eax
	sete	%al
	movzbl	%al, %eax
.L31:
	movl	%eax, 36(%rbx)
	lock addl	$1, gate_ready(%rip)
	.p2align 4,,10
	.p2align 3
.L32:
	movl	gate_go(%rip), %eax
	testl	%eax, %eax
	je	.L32
	call	current_cpu@PLT
	movl	$1048576, %ebp
	movl	%eax, %r13d
	movq	24(%rbx), %rax
	cmpq	%rbp, %rax
	cmovbe	%rax, %rbp
	testq	%rax, %rax
	je	.L36
	xorl	%r14d, %r14d
	xorl	%r12d, %r12d
	.p2align 4,,10
	.p2align 3
.L34:
	movq	16(%rbx), %rdi
	movq	%rbp, %rsi
	call	*8(%rbx)
	call	current_cpu@PLT
	xorl	%edx, %edx
	cmpl	%eax, %r13d
	setne	%dl
	addq	%rbp, %r14
	orl	%edx, %r12d
	cmpq	24(%rbx), %r14
	jb	.L34
.L33:
	movl	%eax, 40(%rbx)
	xorl	%eax, %eax
	movl	%r12d, 44(%rbx)
	popq	%rbx
	.cfi_remember_state
	.cfi_def_cfa_offset 40
	popq	%rbp
	.cfi_def_cfa_offset 32
	popq	%r12
	.cfi_def_cfa_offset 24
	popq	%r13
	.cfi_def_cfa_offset 16
	popq	%r14
	.cfi_def_cfa_offset 8
	ret
	.p2align 4,,10
	.p2align 3
.L36:
	.cfi_restore_state
	movl	%r13d, %eax
	xorl	%r12d, %r12d
	jmp	.L33
	.cfi_endproc
.LFE31:
	.size	worker_main, .-worker_main
	.section	.rodata.str1.1,"aMS",@progbits,1
.LC0:
	.string	"*"
.LC1:
	.string	""
.LC2:
	.string	","
.LC3:
	.string	"pthread_create"
.LC4:
	.string	"pthread_join"
	.section	.rodata.str1.8,"aMS",@progbits,1
	.align 8
.LC5:
	.string	"checksum: %s/%s at %d threads summed to %lu, expected %lu"
	.section	.rodata.str1.1
.LC6:
	.string	"["
.LC7:
	.string	"%s%d%s"
.LC8:
	.string	"]"
.LC9:
	.string	"false_sharing"
	.text
	.p2align 4
	.type	measure, @function
measure:
.LFB35:
	.cfi_startproc
	pushq	%r15
	.cfi_def_cfa_offset 16
	.cfi_offset 15, -16
	movslq	%edx, %rax
	movq	%rcx, %r15
	pushq	%r14
	.cfi_def_cfa_offset 24
	.cfi_offset 14, -24
	pushq	%r13
	.cfi_def_cfa_offset 32
	.cfi_offset 13, -32
	pushq	%r12
	.cfi_def_cfa_offset 40
	.cfi_offset 12, -40
	movq	%rdi, %r12
	movl	$128, %edi
	pushq	%rbp
	.cfi_def_cfa_offset 48
	.cfi_offset 6, -48
	movq	%rax, %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 56
	.cfi_offset 3, -56
	movslq	%esi, %rbx
	subq	$136, %rsp
	.cfi_def_cfa_offset 192
	movq	192(%rsp), %rdx
	movq	208(%rsp), %r14
	movq	%rax, 16(%rsp)
	salq	$7, %rax
	movq	%rax, %rsi
	movq	%r8, 48(%rsp)
	movq	%rax, %r13
	movq	%rdx, 80(%rsp)
	movq	200(%rsp), %rdx
	movq	%r9, 72(%rsp)
	movq	%rdx, 88(%rsp)
	movq	%r14, 96(%rsp)
	call	xaligned_alloc@PLT
	xorl	%edx, %edx
	testq	%r15, %r15
	movq	%rax, %r10
	movq	48(%rsp), %rax
	setne	%dl
	movl	%edx, (%r14)
	cmpq	$0, 16(%rax)
	js	.L43
	movq	%rbx, %rdx
	leaq	24(%r12), %r14
	movq	%r10, 24(%rsp)
	movq	$-1, %rcx
	salq	$7, %rdx
	movq	%r15, 104(%rsp)
	addq	%rbx, %rdx
	movq	%r14, 120(%rsp)
	salq	$5, %rdx
	leaq	(%r14,%rdx), %rax
	movq	%rax, 64(%rsp)
	leaq	0(%r13,%r10), %rax
	movl	%ebp, %r13d
	movq	%rax, 32(%rsp)
	.p2align 4,,10
	.p2align 3
.L44:
	leaq	0(,%rcx,8), %rax
	movq	%rcx, 56(%rsp)
	movl	%r13d, %r12d
	movq	%rax, 112(%rsp)
	movq	120(%rsp), %rax
	movq	%rax, (%rsp)
	.p2align 4,,10
	.p2align 3
.L69:
	movq	48(%rsp), %rax
	movl	$8448, %edx
	xorl	%esi, %esi
	leaq	counters(%rip), %rdi
	movq	(%rax), %rbx
	movq	(%rsp), %rax
	movq	-16(%rax), %rbp
	movq	-24(%rax), %rax
	movq	%rax, 8(%rsp)
	call	memset@PLT
	xorl	%eax, %eax
	movl	%eax, %edx
	xchgl	gate_ready(%rip), %edx
	xchgl	gate_go(%rip), %eax
	xorl	%r13d, %r13d
	xorl	%r14d, %r14d
	movq	24(%rsp), %r15
	testl	%r12d, %r12d
	jle	.L46
	movl	%r12d, 40(%rsp)
	movq	%r15, %r12
	movq	%r13, %r15
	movq	104(%rsp), %r13
	.p2align 4,,10
	.p2align 3
.L45:
	movq	8(%rsp), %rax
	leaq	counters(%rip), %rcx
	movl	$-1, %edx
	movq	8(%rax), %r10
	movq	8(%rbp), %rax
	imulq	%r15, %rax
	leaq	128(%rcx,%rax), %rsi
	testq	%r13, %r13
	je	.L47
	movl	0(%r13,%r15,4), %edx
.L47:
	movq	%r12, %rdi
	movq	%r14, %rax
	movl	$16, %ecx
	addq	$1, %r15
	rep stosq
	movq	%r10, 8(%r12)
	movq	%r12, %rcx
	movq	%r12, %rdi
	movq	%rsi, 16(%r12)
	xorl	%esi, %esi
	subq	$-128, %r12
	movl	%edx, -96(%r12)
	leaq	worker_main(%rip), %rdx
	movq	%rbx, -104(%r12)
	call	pthread_create@PLT
	leaq	.LC3(%rip), %rsi
	movl	%eax, %edi
	call	check_pt@PLT
	cmpq	%r15, 16(%rsp)
	jne	.L45
	movl	40(%rsp), %r12d
	.p2align 4,,10
	.p2align 3
.L46:
	movl	gate_ready(%rip), %eax
	cmpl	%eax, %r12d
	jg	.L46
	call	now_ns@PLT
	movq	%rax, %r15
	movl	$1, gate_go(%rip)
	testl	%r12d, %r12d
	jle	.L49
	movq	24(%rsp), %r13
	movq	%rbx, 40(%rsp)
	leaq	.LC4(%rip), %r14
	movq	%r13, %rbx
	movq	32(%rsp), %r13
	.p2align 4,,10
	.p2align 3
.L50:
	movq	(%rbx), %rdi
	xorl	%esi, %esi
	subq	$-128, %rbx
	call	pthread_join@PLT
	movq	%r14, %rsi
	movl	%eax, %edi
	call	check_pt@PLT
	cmpq	%rbx, %r13
	jne	.L50
	movq	40(%rsp), %rbx
	call	now_ns@PLT
	movq	8(%rbp), %rcx
	leaq	128+counters(%rip), %rdx
	xorl	%esi, %esi
	movq	%rax, %rdi
	xorl	%eax, %eax
	.p2align 4,,10
	.p2align 3
.L54:
	addl	$1, %eax
	addq	(%rdx), %rsi
	addq	%rcx, %rdx
	cmpl	%eax, %r12d
	jne	.L54
	movq	16(%rsp), %rax
	imulq	%rax, %rbx
	cmpq	%rbx, %rsi
	jne	.L101
	movq	96(%rsp), %rsi
	movq	24(%rsp), %rax
	movq	32(%rsp), %rcx
	movl	(%rsi), %edx
	.p2align 4,,10
	.p2align 3
.L58:
	andl	36(%rax), %edx
	subq	$-128, %rax
	movl	%edx, (%rsi)
	cmpq	%rax, %rcx
	jne	.L58
.L53:
	cmpq	$-1, 56(%rsp)
	je	.L57
	movq	(%rsp), %rax
	movq	-8(%rax), %rdx
	subq	%r15, %rdi
	js	.L59
	movq	48(%rsp), %rax
	pxor	%xmm0, %xmm0
	cvtsi2sdq	%rdi, %xmm0
	movq	(%rax), %rax
	testq	%rax, %rax
	js	.L61
.L102:
	pxor	%xmm1, %xmm1
	cvtsi2sdq	%rax, %xmm1
.L62:
	divsd	%xmm1, %xmm0
	movq	(%rsp), %rbx
	movq	112(%rsp), %rax
	movq	%rbx, %rdi
	movsd	%xmm0, (%rdx,%rax)
	call	strlen@PLT
	movl	$4096, %esi
	leaq	.LC6(%rip), %rdx
	leaq	(%rbx,%rax), %rdi
	movq	%rax, %rbp
	subq	%rax, %rsi
	xorl	%eax, %eax
	call	snprintf@PLT
	movslq	%eax, %rbx
	addq	%rbp, %rbx
	cmpq	$4095, %rbx
	ja	.L73
	testl	%r12d, %r12d
	jle	.L73
	movq	24(%rsp), %rax
	xorl	%ebp, %ebp
	xorl	%r13d, %r13d
	leaq	.LC0(%rip), %r15
	leaq	40(%rax), %r14
	.p2align 4,,10
	.p2align 3
.L66:
	movl	4(%r14), %eax
	leaq	.LC1(%rip), %r9
	movl	(%r14), %r8d
	movl	$4096, %esi
	leaq	.LC1(%rip), %rcx
	leaq	.LC7(%rip), %rdx
	orl	%eax, %ebp
	testl	%eax, %eax
	leaq	.LC2(%rip), %rax
	cmovne	%r15, %r9
	testl	%r13d, %r13d
	cmovne	%rax, %rcx
	movq	(%rsp), %rax
	subq	%rbx, %rsi
	addl	$1, %r13d
	subq	$-128, %r14
	leaq	(%rax,%rbx), %rdi
	xorl	%eax, %eax
	call	snprintf@PLT
	cltq
	addq	%rax, %rbx
	cmpl	%r13d, %r12d
	jle	.L63
	cmpq	$4095, %rbx
	jbe	.L66
.L68:
	movq	(%rsp), %rax
	addl	%ebp, 4096(%rax)
.L57:
	movq	72(%rsp), %rax
	movq	88(%rsp), %rcx
	leaq	.LC9(%rip), %rdi
	movq	80(%rsp), %rdx
	movq	(%rax), %rbx
	leaq	1(%rbx), %rsi
	movq	%rbx, 8(%rsp)
	movq	%rsi, (%rax)
	call	progress@PLT
	addq	$4128, (%rsp)
	movq	64(%rsp), %rbx
	movq	(%rsp), %rax
	cmpq	%rbx, %rax
	jne	.L69
	movq	56(%rsp), %rcx
	movq	48(%rsp), %rax
	movl	%r12d, %r13d
	addq	$1, %rcx
	cmpq	%rcx, 16(%rax)
	jg	.L44
	movq	24(%rsp), %r10
.L43:
	addq	$136, %rsp
	.cfi_remember_state
	.cfi_def_cfa_offset 56
	movq	%r10, %rdi
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
	jmp	free@PLT
.L73:
	.cfi_restore_state
	xorl	%ebp, %ebp
	.p2align 4,,10
	.p2align 3
.L63:
	cmpq	$4095, %rbx
	ja	.L68
	movq	(%rsp), %rax
	movl	$4096, %esi
	leaq	.LC8(%rip), %rdx
	subq	%rbx, %rsi
	leaq	(%rax,%rbx), %rdi
	xorl	%eax, %eax
	call	snprintf@PLT
	jmp	.L68
	.p2align 4,,10
	.p2align 3
.L59:
	movq	%rdi, %rax
	andl	$1, %edi
	pxor	%xmm0, %xmm0
	shrq	%rax
	orq	%rdi, %rax
	cvtsi2sdq	%rax, %xmm0
	movq	48(%rsp), %rax
	movq	(%rax), %rax
	addsd	%xmm0, %xmm0
	testq	%rax, %rax
	jns	.L102
.L61:
	movq	%rax, %rcx
	andl	$1, %eax
	pxor	%xmm1, %xmm1
	shrq	%rcx
	orq	%rax, %rcx
	cvtsi2sdq	%rcx, %xmm1
	addsd	%xmm1, %xmm1
	jmp	.L62
	.p2align 4,,10
	.p2align 3
.L49:
	call	now_ns@PLT
	movq	%rax, %rdi
	xorl	%eax, %eax
	movq	16(%rsp), %rax
	imulq	%rax, %rbx
	testq	%rbx, %rbx
	je	.L53
	movl	%r12d, %eax
	xorl	%r8d, %r8d
	movq	%rbp, %r12
	movl	%eax, %ebp
	jmp	.L52
.L101:
	movl	%r12d, %eax
	movq	%rsi, %r8
	movq	%rbp, %r12
	movl	%eax, %ebp
.L52:
	movq	8(%rsp), %rax
	movq	(%r12), %rdx
	movq	%rbx, %r9
	movl	%ebp, %ecx
	leaq	.LC5(%rip), %rdi
	movq	(%rax), %rsi
	xorl	%eax, %eax
	call	die@PLT
	.cfi_endproc
.LFE35:
	.size	measure, .-measure
	.section	.rodata.str1.1
.LC11:
	.string	"%.3f"
	.section	.rodata.str1.8
	.align 8
.LC12:
	.string	"RESULT exp=false_sharing kind=%s%s variant=%s layout=%s threads=%d ns_per_inc=%.4f cv=%.4f min_ns=%.4f cycles_per_inc=%s reps=%ld moved_rounds=%d pinned=%d oversubscribed=%d\n"
	.align 8
.LC13:
	.string	"samples exp=false_sharing kind=%s%s variant=%s layout=%s threads=%d ns_per_inc="
	.section	.rodata.str1.1
.LC14:
	.string	"%s%.4f"
	.section	.rodata.str1.8
	.align 8
.LC15:
	.string	"\ncpus exp=false_sharing kind=%s%s variant=%s layout=%s threads=%d cpus=%s\n"
	.align 8
.LC16:
	.string	"RESULT exp=false_sharing kind=checksum%s variant=%s layout=%s threads=%d expected=%lu rounds=%ld status=ok\n"
	.text
	.p2align 4
	.type	print_cell, @function
print_cell:
.LFB36:
	.cfi_startproc
	pushq	%r15
	.cfi_def_cfa_offset 16
	.cfi_offset 15, -16
	movq	%rdx, %r15
	pushq	%r14
	.cfi_def_cfa_offset 24
	.cfi_offset 14, -24
	pushq	%r13
	.cfi_def_cfa_offset 32
	.cfi_offset 13, -32
	movl	%ecx, %r13d
	pushq	%r12
	.cfi_def_cfa_offset 40
	.cfi_offset 12, -40
	movl	%r9d, %r12d
	pushq	%rbp
	.cfi_def_cfa_offset 48
	.cfi_offset 6, -48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	.cfi_offset 3, -56
	movq	%r8, %rbx
	subq	$88, %rsp
	.cfi_def_cfa_offset 144
	movq	%rdi, (%rsp)
	movq	16(%rdx), %rdi
	leaq	48(%rsp), %rbp
	movq	%rsi, 8(%rsp)
	movq	16(%r8), %rsi
	call	stat_median@PLT
	movslq	%r13d, %rax
	pxor	%xmm1, %xmm1
	movq	$16718, 48(%rsp)
	movsd	%xmm0, 16(%rsp)
	pxor	%xmm0, %xmm0
	movaps	%xmm0, 64(%rsp)
	movsd	184(%rbx,%rax,8), %xmm0
	movq	$0, 56(%rsp)
	comisd	%xmm1, %xmm0
	movq	%rax, 24(%rsp)
	jbe	.L104
	mulsd	16(%rsp), %xmm0
	leaq	48(%rsp), %rbp
	movl	$32, %esi
	movl	$1, %eax
	leaq	.LC11(%rip), %rdx
	movq	%rbp, %rdi
	call	snprintf@PLT
.L104:
	movq	16(%rbx), %r14
	movl	4120(%r15), %edx
	movq	16(%r15), %rdi
	movq	%r14, %rsi
	movl	%edx, 44(%rsp)
	call	stat_min@PLT
	movq	16(%rbx), %rsi
	movq	16(%r15), %rdi
	movsd	%xmm0, 32(%rsp)
	call	stat_cv@PLT
	movq	8(%r15), %rcx
	subq	$8, %rsp
	.cfi_def_cfa_offset 152
	movl	%r13d, %r9d
	movapd	%xmm0, %xmm1
	leaq	.LC12(%rip), %rdi
	movl	$3, %eax
	movq	(%rcx), %r8
	movq	(%r15), %rcx
	movq	(%rcx), %rcx
	pushq	%r12
	.cfi_def_cfa_offset 160
	movl	160(%rsp), %esi
	pushq	%rsi
	.cfi_def_cfa_offset 168
	movl	68(%rsp), %edx
	pushq	%rdx
	.cfi_def_cfa_offset 176
	pushq	%r14
	.cfi_def_cfa_offset 184
	pushq	%rbp
	.cfi_def_cfa_offset 192
	movq	56(%rsp), %rbp
	movq	48(%rsp), %r14
	movsd	80(%rsp), %xmm2
	movsd	64(%rsp), %xmm0
	movq	%rbp, %rdx
	movq	%r14, %rsi
	call	printf@PLT
	movq	8(%r15), %rax
	movq	(%r15), %rdx
	addq	$48, %rsp
	.cfi_def_cfa_offset 144
	movl	%r13d, %r9d
	movq	%r14, %rsi
	leaq	.LC13(%rip), %rdi
	movq	(%rdx), %rcx
	movq	(%rax), %r8
	movq	%rbp, %rdx
	xorl	%eax, %eax
	call	printf@PLT
	cmpq	$0, 16(%rbx)
	jle	.L106
	movq	16(%r15), %rax
	xorl	%r14d, %r14d
	leaq	.LC1(%rip), %rsi
	leaq	.LC14(%rip), %rbp
	leaq	.LC2(%rip), %r12
	movsd	(%rax), %xmm0
	jmp	.L107
	.p2align 4,,10
	.p2align 3
.L110:
	movq	16(%r15), %rax
	movq	%r12, %rsi
	movsd	(%rax,%r14,8), %xmm0
.L107:
	movq	%rbp, %rdi
	movl	$1, %eax
	addq	$1, %r14
	call	printf@PLT
	cmpq	%r14, 16(%rbx)
	jg	.L110
.L106:
	movq	8(%r15), %rax
	subq	$8, %rsp
	.cfi_def_cfa_offset 152
	movl	%r13d, %r9d
	leaq	.LC15(%rip), %rdi
	movq	(%rax), %r8
	movq	(%r15), %rax
	movq	(%rax), %rcx
	leaq	24(%r15), %rax
	pushq	%rax
	.cfi_def_cfa_offset 160
	movq	24(%rsp), %r14
	xorl	%eax, %eax
	movq	16(%rsp), %rsi
	movq	%r14, %rdx
	call	printf@PLT
	movq	8(%r15), %rax
	movl	%r13d, %r8d
	movq	%r14, %rsi
	movq	40(%rsp), %r9
	leaq	.LC16(%rip), %rdi
	movq	(%rax), %rcx
	movq	(%r15), %rax
	movq	(%rax), %rdx
	movq	16(%rbx), %rax
	addq	$1, %rax
	movq	%rax, (%rsp)
	imulq	(%rbx), %r9
	xorl	%eax, %eax
	call	printf@PLT
	addq	$104, %rsp
	.cfi_def_cfa_offset 56
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
	.cfi_endproc
.LFE36:
	.size	print_cell, .-print_cell
	.section	.rodata.str1.1
.LC18:
	.string	"granted"
.LC19:
	.string	"refused"
.LC20:
	.string	"topology_unknown"
.LC21:
	.string	"unpinned"
.LC22:
	.string	"--help"
	.section	.rodata.str1.8
	.align 8
.LC23:
	.ascii	"usage: false_sharing [-h]\n  Threads increment their own cou"
	.ascii	"nters placed 8, 64 or 128 bytes apart and\n  report ns (and "
	.ascii	"cycles) per increment. Knobs come from the environment:\n  I"
	.ascii	"TERS_LOG2=24     increments per thread = 2^N (10..34)\n  REP"
	.ascii	"S=11           timed rounds per cell after one warm-up round"
	.ascii	" (1..1001)\n  THREADS=1,2,4,8   thread counts (1..%d); count"
	.ascii	"s above the online CPUs are\n                    skipped unl"
	.ascii	"ess named here, then run as oversubscribed\n  PIN=1         "
	.ascii	"    Linux: pin one thread per physical core, a shared-cache\n"
	.ascii	"                    domain first; 0 leaves placement to the "
	.ascii	"OS (default 0\n                    where the OS has no affin"
	.ascii	"ity API)\n  PAIRS=1           at 2 thread"
	.string	"s, also measure each CPU-pair class the\n                    topology has (shared L2, shared L3 only, across, SMT)\n  CLOCK_GHZ, CLOCK_GHZ_T2, _T4, _T8  clock estimates for cycles per\n                    increment (run.sh measures them); absent -> cycles=NA\n"
	.align 8
.LC24:
	.string	"unknown argument '%s': false_sharing takes only -h (knobs are environment variables)"
	.section	.rodata.str1.1
.LC25:
	.string	"ITERS_LOG2"
.LC26:
	.string	"REPS"
.LC27:
	.string	"PIN"
.LC28:
	.string	"PAIRS"
.LC29:
	.string	"THREADS"
.LC30:
	.string	"CLOCK_GHZ"
.LC31:
	.string	"CLOCK_GHZ_T%d"
	.section	.rodata.str1.8
	.align 8
.LC32:
	.string	"RESULT exp=false_sharing kind=line source=compiled_pad_stride line_bytes=%d\n"
	.align 8
.LC33:
	.string	"RESULT exp=false_sharing kind=line source=%s line_bytes=%ld\n"
	.align 8
.LC34:
	.string	"# pinning: none (no allowed CPU found)"
	.align 8
.LC35:
	.string	"# pinning: none (PIN=0: placement left to the OS)"
	.align 8
.LC36:
	.string	"# pinning: none (this OS has no thread affinity API; placement left to the OS)"
	.align 8
.LC37:
	.string	"false_sharing: PIN=1 but threads cannot be pinned here; running unpinned\n"
	.align 8
.LC38:
	.string	"RESULT exp=false_sharing kind=skip threads=%d online_cpus=%d reason=above_online_cpus\n"
	.align 8
.LC39:
	.string	"false_sharing: skipping %d threads: only %d CPUs online (THREADS=%d runs it oversubscribed)\n"
	.section	.rodata.str1.1
.LC40:
	.string	"# pinned_t%d: %s cpus="
.LC41:
	.string	"%s%d"
.LC42:
	.string	"cell"
.LC43:
	.string	" class=%s pair=%d,%d"
.LC44:
	.string	"pair"
	.section	.rodata.str1.8
	.align 8
.LC45:
	.string	"RESULT exp=false_sharing kind=skip pairs=none reason=%s\n"
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LFB40:
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
	subq	$2408, %rsp
	.cfi_def_cfa_offset 2464
	cmpl	$1, %edi
	jle	.L112
	movq	8(%rsi), %rbx
	cmpb	$45, (%rbx)
	je	.L288
.L215:
	leaq	.LC22(%rip), %rsi
	movq	%rbx, %rdi
	call	strcmp@PLT
	testl	%eax, %eax
	jne	.L115
.L114:
	movq	stdout(%rip), %rdi
	movl	$64, %edx
	leaq	.LC23(%rip), %rsi
	xorl	%eax, %eax
	call	fprintf@PLT
.L280:
	addq	$2408, %rsp
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
.L288:
	.cfi_restore_state
	cmpb	$104, 1(%rbx)
	jne	.L215
	cmpb	$0, 2(%rbx)
	je	.L114
	jmp	.L215
.L112:
	movl	$34, %ecx
	movl	$10, %edx
	movl	$24, %esi
	leaq	.LC25(%rip), %rdi
	call	env_long@PLT
	movl	$1, %edx
	movl	$11, %esi
	leaq	.LC26(%rip), %rdi
	movq	%rax, %rcx
	movq	%rax, 488(%rsp)
	movl	$1, %eax
	salq	%cl, %rax
	movl	$1001, %ecx
	movq	%rax, 480(%rsp)
	call	env_long@PLT
	xorl	%edx, %edx
	movl	$1, %ecx
	movl	$1, %esi
	leaq	.LC27(%rip), %rdi
	movq	%rax, 496(%rsp)
	call	env_long@PLT
	xorl	%edx, %edx
	movl	$1, %ecx
	movl	$1, %esi
	leaq	.LC28(%rip), %rdi
	movq	%rax, 504(%rsp)
	call	env_long@PLT
	movl	$16, %r8d
	movl	$64, %edx
	leaq	520(%rsp), %rcx
	movl	$1, %esi
	leaq	.LC29(%rip), %rdi
	movq	%rax, 512(%rsp)
	call	env_long_list@PLT
	testq	%rax, %rax
	movq	%rax, 648(%rsp)
	setne	%al
	movzbl	%al, %eax
	movl	%eax, 656(%rsp)
	je	.L289
.L117:
	pxor	%xmm0, %xmm0
	leaq	.LC30(%rip), %rdi
	movl	$1, %ebx
	call	env_double@PLT
	leaq	480(%rsp), %rax
	leaq	.LC31(%rip), %rbp
	movq	%rax, (%rsp)
	leaq	1184(%rsp), %rax
	movapd	%xmm0, %xmm2
	movq	%rax, 16(%rsp)
	.p2align 4,,10
	.p2align 3
.L123:
	movl	%ebx, %ecx
	cmpl	$8, %ebx
	ja	.L118
.L290:
	movl	$276, %eax
	btq	%rbx, %rax
	jc	.L119
	movq	(%rsp), %rax
	movsd	%xmm2, 184(%rax,%rbx,8)
	addq	$1, %rbx
	movl	%ebx, %ecx
	cmpl	$8, %ebx
	jbe	.L290
.L118:
	movq	(%rsp), %rax
	movsd	%xmm2, 184(%rax,%rbx,8)
	addq	$1, %rbx
	cmpq	$65, %rbx
	jne	.L123
	call	online_cpus@PLT
	movl	$128, %esi
	leaq	.LC32(%rip), %rdi
	leaq	srcs.1(%rip), %rbx
	movl	%eax, 76(%rsp)
	xorl	%eax, %eax
	leaq	.LC33(%rip), %r13
	call	printf@PLT
	movq	16(%rsp), %r15
.L125:
	movl	(%rbx), %r14d
	xorl	%esi, %esi
	movl	$8, %ecx
	movq	%r15, %rdx
	movl	%r14d, %edi
	call	cache_levels@PLT
	testl	%eax, %eax
	jle	.L129
	cltq
	movq	%r15, %rbp
	leaq	(%rax,%rax,8), %rdx
	leaq	(%rax,%rdx,2), %rax
	leaq	(%r15,%rax,8), %r12
	jmp	.L128
	.p2align 4,,10
	.p2align 3
.L127:
	addq	$152, %rbp
	cmpq	%rbp, %r12
	je	.L129
.L128:
	cmpl	$1, 0(%rbp)
	jne	.L127
	movq	16(%rbp), %rdx
	testq	%rdx, %rdx
	movq	%rdx, 8(%rsp)
	jle	.L127
	movl	%r14d, %edi
	addq	$152, %rbp
	call	cache_source_name@PLT
	movq	8(%rsp), %rdx
	movq	%r13, %rdi
	movq	%rax, %rsi
	xorl	%eax, %eax
	call	printf@PLT
	cmpq	%rbp, %r12
	jne	.L128
	.p2align 4,,10
	.p2align 3
.L129:
	addq	$4, %rbx
	leaq	12+srcs.1(%rip), %rax
	cmpq	%rbx, %rax
	jne	.L125
	cmpq	$0, 504(%rsp)
	jne	.L130
.L133:
	xorl	%eax, %eax
	movl	%eax, 32(%rsp)
.L131:
	leaq	.LC35(%rip), %rdi
	call	puts@PLT
.L153:
	cmpq	$0, 504(%rsp)
	je	.L156
	cmpl	$0, 32(%rsp)
	je	.L135
.L156:
	cmpq	$0, 648(%rsp)
	je	.L202
.L198:
	movl	76(%rsp), %r12d
	movq	(%rsp), %r15
	xorl	%ebx, %ebx
	xorl	%r14d, %r14d
	.p2align 4,,10
	.p2align 3
.L161:
	movq	40(%r15,%rbx,8), %rbp
	cmpl	%ebp, %r12d
	jge	.L159
	movl	656(%rsp), %eax
	testl	%eax, %eax
	je	.L291
.L159:
	movslq	%r14d, %rax
	addl	$1, %r14d
	movl	%ebp, 160(%rsp,%rax,4)
.L160:
	addq	$1, %rbx
	cmpq	648(%rsp), %rbx
	jb	.L161
.L158:
	cmpq	$0, 512(%rsp)
	je	.L203
	cmpl	$1, 32(%rsp)
	jg	.L292
.L203:
	xorl	%ebx, %ebx
	movl	%ebx, 108(%rsp)
.L162:
	imull	$6, 108(%rsp), %edx
	movq	496(%rsp), %rbx
	xorl	%r11d, %r11d
	imull	$12, %r14d, %eax
	movq	%r11, 120(%rsp)
	addl	%edx, %eax
	leaq	1(%rbx), %rdx
	cltq
	imulq	%rdx, %rax
	movq	%rax, 56(%rsp)
	call	now_ns@PLT
	movq	%rax, 64(%rsp)
	testl	%r14d, %r14d
	je	.L188
	leaq	160(%rsp), %rcx
	movslq	%r14d, %r14
	cmpl	$0, 32(%rsp)
	leaq	(%rcx,%r14,4), %rax
	movq	%rcx, 24(%rsp)
	movq	%rax, 80(%rsp)
	leaq	120(%rsp), %rax
	movq	%rax, 96(%rsp)
	leaq	116(%rsp), %rax
	movq	%rax, 88(%rsp)
	setne	107(%rsp)
	.p2align 4,,10
	.p2align 3
.L187:
	movq	24(%rsp), %rax
	movl	(%rax), %r15d
	xorl	%eax, %eax
	cmpl	%r15d, 76(%rsp)
	setl	%al
	testl	%r15d, %r15d
	movl	%eax, 40(%rsp)
	setg	%al
	xorl	%ecx, %ecx
	andb	107(%rsp), %al
	movb	%al, 48(%rsp)
	je	.L177
	movl	32(%rsp), %esi
	movq	16(%rsp), %rdi
	.p2align 4,,10
	.p2align 3
.L175:
	movl	%ecx, %eax
	cltd
	idivl	%esi
	movslq	%edx, %rdx
	movl	224(%rsp,%rdx,4), %eax
	movl	%eax, (%rdi,%rcx,4)
	addq	$1, %rcx
	cmpl	%ecx, %r15d
	jg	.L175
.L177:
	movl	$49536, %edi
	movq	496(%rsp), %r13
	call	xmalloc@PLT
	movl	$49536, %edx
	xorl	%esi, %esi
	movq	%rax, %rbx
	movq	%rax, %rdi
	movq	%rax, 8(%rsp)
	salq	$3, %r13
	call	memset@PLT
	leaq	16(%rbx), %rbp
	leaq	49552(%rbx), %r12
	movq	%rbp, %r14
	.p2align 4,,10
	.p2align 3
.L176:
	movq	%r13, %rdi
	addq	$4128, %r14
	call	xmalloc@PLT
	movq	%rax, -4128(%r14)
	cmpq	%r14, %r12
	jne	.L176
	movq	8(%rsp), %rcx
	xorl	%edx, %edx
	.p2align 4,,10
	.p2align 3
.L178:
	movl	%edx, %eax
	movl	$2863311531, %edi
	addq	$4128, %rcx
	imulq	%rdi, %rax
	leaq	increments(%rip), %rdi
	shrq	$33, %rax
	movslq	%eax, %rsi
	salq	$4, %rsi
	addq	%rdi, %rsi
	leaq	layouts(%rip), %rdi
	movq	%rsi, -4128(%rcx)
	leal	(%rax,%rax,2), %esi
	movl	%edx, %eax
	addl	$1, %edx
	subl	%esi, %eax
	cltq
	salq	$4, %rax
	addq	%rdi, %rax
	movq	%rax, -4120(%rcx)
	cmpl	$12, %edx
	jne	.L178
	movl	32(%rsp), %r10d
	testl	%r10d, %r10d
	je	.L293
	pushq	%rdx
	.cfi_def_cfa_offset 2472
	movl	$12, %esi
	movl	%r15d, %edx
	leaq	.LC2(%rip), %r14
	pushq	96(%rsp)
	.cfi_def_cfa_offset 2480
	pushq	80(%rsp)
	.cfi_def_cfa_offset 2488
	pushq	80(%rsp)
	.cfi_def_cfa_offset 2496
	movq	128(%rsp), %r9
	movq	32(%rsp), %r8
	movq	48(%rsp), %rcx
	movq	40(%rsp), %rdi
	call	measure
	addq	$32, %rsp
	.cfi_def_cfa_offset 2464
	leaq	.LC19(%rip), %rax
	leaq	.LC18(%rip), %rdx
	cmpl	$0, 116(%rsp)
	movl	%r15d, %esi
	leaq	.LC40(%rip), %rdi
	cmove	%rax, %rdx
	xorl	%eax, %eax
	xorl	%r13d, %r13d
	call	printf@PLT
	cmpb	$0, 48(%rsp)
	je	.L184
	movq	%rbx, 48(%rsp)
	movq	%r13, %rbx
	movq	16(%rsp), %r13
	.p2align 4,,10
	.p2align 3
.L181:
	testq	%rbx, %rbx
	leaq	.LC1(%rip), %rsi
	movl	0(%r13,%rbx,4), %edx
	leaq	.LC41(%rip), %rdi
	cmovne	%r14, %rsi
	xorl	%eax, %eax
	addq	$1, %rbx
	call	printf@PLT
	cmpl	%ebx, %r15d
	jg	.L181
	movq	48(%rsp), %rbx
.L184:
	movl	$10, %edi
	call	putchar@PLT
.L182:
	movq	8(%rsp), %rax
	movl	116(%rsp), %r14d
	movq	%r12, 48(%rsp)
	movl	40(%rsp), %r12d
	movq	%rbp, 40(%rsp)
	movq	%rbx, %rbp
	movq	(%rsp), %rbx
	leaq	49536(%rax), %r13
	.p2align 4,,10
	.p2align 3
.L185:
	subq	$8, %rsp
	.cfi_def_cfa_offset 2472
	movl	%r12d, %r9d
	movq	%rbx, %r8
	movq	%rbp, %rdx
	pushq	%r14
	.cfi_def_cfa_offset 2480
	movl	%r15d, %ecx
	leaq	.LC1(%rip), %rsi
	leaq	.LC42(%rip), %rdi
	addq	$4128, %rbp
	call	print_cell
	popq	%r8
	.cfi_def_cfa_offset 2472
	popq	%r9
	.cfi_def_cfa_offset 2464
	cmpq	%rbp, %r13
	jne	.L185
	movq	48(%rsp), %r12
	movq	40(%rsp), %rbp
	.p2align 4,,10
	.p2align 3
.L186:
	movq	0(%rbp), %rdi
	addq	$4128, %rbp
	call	free@PLT
	cmpq	%rbp, %r12
	jne	.L186
	movq	8(%rsp), %rdi
	call	free@PLT
	movq	stdout(%rip), %rdi
	call	fflush@PLT
	addq	$4, 24(%rsp)
	movq	24(%rsp), %rax
	cmpq	%rax, 80(%rsp)
	jne	.L187
.L188:
	cmpl	$0, 108(%rsp)
	je	.L174
	leaq	pair_name(%rip), %rax
	movl	128(%rsp), %r10d
	leaq	128(%rsp), %rbp
	movq	%rax, 8(%rsp)
	leaq	160(%rsp), %rax
	movq	%rax, 32(%rsp)
	testl	%r10d, %r10d
	jns	.L294
	.p2align 4,,10
	.p2align 3
.L190:
	movq	32(%rsp), %rax
	addq	$8, %rbp
	addq	$8, 8(%rsp)
	cmpq	%rax, %rbp
	je	.L280
	movl	0(%rbp), %r10d
	testl	%r10d, %r10d
	js	.L190
.L294:
	movl	$24768, %edi
	movl	%r10d, 40(%rsp)
	movq	496(%rsp), %r14
	call	xmalloc@PLT
	movl	$24768, %edx
	xorl	%esi, %esi
	movq	%rax, %rbx
	movq	%rax, %rdi
	movq	%rax, 24(%rsp)
	salq	$3, %r14
	call	memset@PLT
	leaq	16(%rbx), %r13
	movl	40(%rsp), %r15d
	movq	%rbx, %r12
	movq	%rbp, 48(%rsp)
	leaq	24784(%rbx), %rbx
	movq	%r13, %rbp
	.p2align 4,,10
	.p2align 3
.L191:
	movq	%r14, %rdi
	addq	$4128, %rbp
	call	xmalloc@PLT
	movq	%rax, -4128(%rbp)
	cmpq	%rbx, %rbp
	jne	.L191
	movq	48(%rsp), %rbp
	movq	24(%rsp), %rcx
	movl	%r15d, %r10d
	xorl	%edx, %edx
	.p2align 4,,10
	.p2align 3
.L192:
	movl	%edx, %eax
	leaq	increments(%rip), %rsi
	addq	$4128, %rcx
	sarl	%eax
	cltq
	salq	$4, %rax
	addq	%rsi, %rax
	leaq	layouts(%rip), %rsi
	movq	%rax, -4128(%rcx)
	leal	(%rdx,%rdx), %eax
	addl	$1, %edx
	andl	$2, %eax
	salq	$4, %rax
	addq	%rsi, %rax
	movq	%rax, -4120(%rcx)
	cmpl	$6, %edx
	jne	.L192
	movl	%r10d, 40(%rsp)
	movq	%rbp, %rcx
	movl	$2, %edx
	movl	$6, %esi
	pushq	%rdi
	.cfi_def_cfa_offset 2472
	leaq	124(%rsp), %rax
	pushq	%rax
	.cfi_def_cfa_offset 2480
	pushq	80(%rsp)
	.cfi_def_cfa_offset 2488
	pushq	80(%rsp)
	.cfi_def_cfa_offset 2496
	movq	56(%rsp), %r14
	movq	32(%rsp), %r8
	leaq	152(%rsp), %r9
	movq	%r14, %rdi
	addq	$24768, %r14
	call	measure
	movq	40(%rsp), %rax
	movl	4(%rbp), %r9d
	addq	$32, %rsp
	.cfi_def_cfa_offset 2464
	movl	40(%rsp), %r8d
	movq	16(%rsp), %rdi
	movl	$96, %esi
	leaq	.LC43(%rip), %rdx
	movq	(%rax), %rcx
	xorl	%eax, %eax
	call	snprintf@PLT
	movq	%rbx, 40(%rsp)
	movl	116(%rsp), %r15d
	movq	%r12, %rbx
	movq	%rbp, 48(%rsp)
	movq	16(%rsp), %r12
	movq	(%rsp), %rbp
	.p2align 4,,10
	.p2align 3
.L193:
	subq	$8, %rsp
	.cfi_def_cfa_offset 2472
	movl	$2, %ecx
	movq	%rbx, %rdx
	movq	%r12, %rsi
	pushq	%r15
	.cfi_def_cfa_offset 2480
	xorl	%r9d, %r9d
	movq	%rbp, %r8
	leaq	.LC44(%rip), %rdi
	addq	$4128, %rbx
	call	print_cell
	popq	%rcx
	.cfi_def_cfa_offset 2472
	popq	%rsi
	.cfi_def_cfa_offset 2464
	cmpq	%r14, %rbx
	jne	.L193
	movq	40(%rsp), %rbx
	movq	48(%rsp), %rbp
	.p2align 4,,10
	.p2align 3
.L194:
	movq	0(%r13), %rdi
	addq	$4128, %r13
	call	free@PLT
	cmpq	%rbx, %r13
	jne	.L194
	movq	24(%rsp), %rdi
	call	free@PLT
	jmp	.L190
	.p2align 4,,10
	.p2align 3
.L119:
	movq	16(%rsp), %r15
	movq	%rbp, %rdx
	movl	$32, %esi
	xorl	%eax, %eax
	movsd	%xmm2, 8(%rsp)
	movq	%r15, %rdi
	call	snprintf@PLT
	pxor	%xmm0, %xmm0
	movq	%r15, %rdi
	call	env_double@PLT
	pxor	%xmm1, %xmm1
	movsd	8(%rsp), %xmm2
	movq	(%rsp), %rax
	cmpltsd	%xmm0, %xmm1
	andpd	%xmm1, %xmm0
	andnpd	%xmm2, %xmm1
	orpd	%xmm1, %xmm0
	movsd	%xmm0, 184(%rax,%rbx,8)
	movapd	%xmm0, %xmm2
	addq	$1, %rbx
	jmp	.L123
.L130:
	call	affinity_supported@PLT
	testl	%eax, %eax
	jne	.L132
	cmpq	$0, 504(%rsp)
	je	.L133
	call	affinity_supported@PLT
	movl	%eax, 32(%rsp)
	testl	%eax, %eax
	je	.L134
.L155:
	leaq	.LC34(%rip), %rdi
	call	puts@PLT
	cmpq	$0, 504(%rsp)
	je	.L136
.L135:
	movq	stderr(%rip), %rcx
	movl	$73, %edx
	movl	$1, %esi
	leaq	.LC37(%rip), %rdi
	call	fwrite@PLT
.L136:
	xorl	%eax, %eax
	cmpq	$0, 648(%rsp)
	movl	%eax, 32(%rsp)
	jne	.L198
	call	now_ns@PLT
.L174:
	cmpq	$0, 512(%rsp)
	je	.L280
	cmpl	$0, 32(%rsp)
	leaq	.LC20(%rip), %rax
	leaq	.LC21(%rip), %rsi
	cmovne	%rax, %rsi
	leaq	.LC45(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
	jmp	.L280
.L289:
	movdqa	def.0(%rip), %xmm3
	movdqa	16+def.0(%rip), %xmm4
	movq	$4, 648(%rsp)
	movups	%xmm3, 520(%rsp)
	movups	%xmm4, 536(%rsp)
	jmp	.L117
	.p2align 4,,10
	.p2align 3
.L293:
	subq	$8, %rsp
	.cfi_def_cfa_offset 2472
	xorl	%ecx, %ecx
	movl	%r15d, %edx
	movl	$12, %esi
	pushq	96(%rsp)
	.cfi_def_cfa_offset 2480
	pushq	80(%rsp)
	.cfi_def_cfa_offset 2488
	pushq	80(%rsp)
	.cfi_def_cfa_offset 2496
	movq	128(%rsp), %r9
	movq	32(%rsp), %r8
	movq	40(%rsp), %rdi
	call	measure
	addq	$32, %rsp
	.cfi_def_cfa_offset 2464
	jmp	.L182
.L291:
	movl	%r12d, %edx
	movl	%ebp, %esi
	leaq	.LC38(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
	movq	stderr(%rip), %rdi
	movl	%ebp, %edx
	xorl	%eax, %eax
	movl	%ebp, %r8d
	movl	%r12d, %ecx
	leaq	.LC39(%rip), %rsi
	call	fprintf@PLT
	jmp	.L160
.L292:
	call	online_cpus@PLT
	movq	16(%rsp), %rsi
	xorl	%edx, %edx
	xorl	%edi, %edi
	movl	%eax, %ebp
	xorl	%r12d, %r12d
	xorl	%r15d, %r15d
	movl	$3, 1184(%rsp)
	call	cache_llc@PLT
	movl	%r14d, 24(%rsp)
	movl	%ebp, %r13d
	movl	$-1, 128(%rsp)
	movl	$-1, 136(%rsp)
	movl	$-1, 144(%rsp)
	movl	$-1, 152(%rsp)
	movl	%r12d, 108(%rsp)
	leaq	128(%rsp), %r12
.L163:
	cmpl	%r15d, %r13d
	jle	.L295
	leal	1(%r15), %ebp
	cmpl	%ebp, %r13d
	jle	.L164
	movl	%ebp, 8(%rsp)
	movl	%ebp, %ebx
	.p2align 4,,10
	.p2align 3
.L170:
	movl	%r15d, %edi
	call	cpu_allowed@PLT
	testl	%eax, %eax
	je	.L169
	movl	%ebx, %edi
	call	cpu_allowed@PLT
	testl	%eax, %eax
	je	.L169
	movl	%ebx, %esi
	movl	%r15d, %edi
	call	cpus_are_smt_siblings@PLT
	movl	$2, %edx
	movl	%ebx, %esi
	movl	%r15d, %edi
	movl	%eax, %r14d
	call	cpus_share_cache@PLT
	movl	1184(%rsp), %edx
	movl	%ebx, %esi
	movl	%r15d, %edi
	movl	%eax, %ebp
	call	cpus_share_cache@PLT
	movl	%r14d, %edx
	orl	%ebp, %edx
	orl	%eax, %edx
	js	.L204
	xorl	%edx, %edx
	testl	%r14d, %r14d
	jne	.L167
	movl	$1, %edx
	testl	%ebp, %ebp
	jne	.L167
	movl	$3, %edx
	testl	%eax, %eax
	je	.L167
	xorl	%edx, %edx
	cmpl	$3, 1184(%rsp)
	setl	%dl
	addl	$2, %edx
.L167:
	leaq	(%r12,%rdx,8), %rax
	cmpl	$0, (%rax)
	jns	.L169
	addl	$1, 108(%rsp)
	movl	%r15d, (%rax)
	movl	%ebx, 4(%rax)
	.p2align 4,,10
	.p2align 3
.L169:
	addl	$1, %ebx
	cmpl	%ebx, %r13d
	jne	.L170
	movl	8(%rsp), %ebp
.L164:
	movl	%ebp, %r15d
	jmp	.L163
.L204:
	xorl	%ebp, %ebp
	movl	24(%rsp), %r14d
	movl	%ebp, 108(%rsp)
	jmp	.L162
.L134:
	leaq	.LC36(%rip), %rdi
	call	puts@PLT
	jmp	.L153
.L132:
	call	online_cpus@PLT
	movq	16(%rsp), %rsi
	xorl	%edx, %edx
	xorl	%edi, %edi
	movl	%eax, %r14d
	xorl	%r15d, %r15d
	movl	$3, 1184(%rsp)
	call	cache_llc@PLT
	xorl	%eax, %eax
	movl	%r14d, 8(%rsp)
	movl	%eax, 24(%rsp)
.L137:
	xorl	%ebx, %ebx
	cmpl	$0, 8(%rsp)
	jg	.L148
	jmp	.L151
	.p2align 4,,10
	.p2align 3
.L142:
	addl	$1, %ebx
	cmpl	%ebx, 8(%rsp)
	jle	.L151
	cmpl	$63, %r15d
	jg	.L151
.L148:
	movl	%ebx, %edi
	call	cpu_allowed@PLT
	testl	%eax, %eax
	je	.L142
	testl	%r15d, %r15d
	je	.L200
	leaq	224(%rsp), %r14
	movslq	%r15d, %rax
	xorl	%ebp, %ebp
	xorl	%r12d, %r12d
	leaq	(%r14,%rax,4), %r13
	.p2align 4,,10
	.p2align 3
.L140:
	movl	(%r14), %edi
	xorl	%eax, %eax
	movl	%ebx, %esi
	cmpl	%ebx, %edi
	sete	%al
	orl	%eax, %r12d
	call	cpus_are_smt_siblings@PLT
	cmpl	$1, %eax
	sete	%al
	addq	$4, %r14
	movzbl	%al, %eax
	orl	%eax, %ebp
	cmpq	%r14, %r13
	jne	.L140
	testl	%r12d, %r12d
	jne	.L142
	movl	224(%rsp), %r13d
.L139:
	movl	$2, %edx
	movl	%ebx, %esi
	movl	%r13d, %edi
	call	cpus_share_cache@PLT
	movl	1184(%rsp), %edx
	movl	%ebx, %esi
	movl	%r13d, %edi
	movl	%eax, %r12d
	call	cpus_share_cache@PLT
	testl	%eax, %eax
	setne	%al
	cmpl	$0, 24(%rsp)
	jne	.L143
	testl	%r12d, %r12d
	setne	%dl
	testb	%al, %dl
	je	.L142
	andb	$1, %bpl
	jne	.L142
.L144:
	movslq	%r15d, %rax
	addl	$1, %r15d
	movl	%ebx, 224(%rsp,%rax,4)
	jmp	.L142
.L143:
	xorl	$1, %ebp
	andl	$1, %ebp
	cmpl	$1, 24(%rsp)
	je	.L296
	cmpl	$2, 24(%rsp)
	setne	%al
	orl	%ebp, %eax
	movzbl	%al, %eax
.L147:
	testl	%eax, %eax
	je	.L142
	jmp	.L144
.L151:
	addl	$1, 24(%rsp)
	movl	24(%rsp), %eax
	cmpl	$3, %eax
	jg	.L150
	cmpl	$63, %r15d
	jle	.L137
.L150:
	cmpq	$0, 504(%rsp)
	movl	%r15d, 32(%rsp)
	je	.L131
	call	affinity_supported@PLT
	testl	%eax, %eax
	je	.L134
	cmpl	$0, 32(%rsp)
	jne	.L156
	jmp	.L155
.L200:
	xorl	%ebp, %ebp
	movl	%ebx, %r13d
	jmp	.L139
.L296:
	andl	%ebp, %eax
	movzbl	%al, %eax
	jmp	.L147
.L202:
	xorl	%r14d, %r14d
	jmp	.L158
.L295:
	movl	24(%rsp), %r14d
	jmp	.L162
.L115:
	movq	%rbx, %rsi
	leaq	.LC24(%rip), %rdi
	xorl	%eax, %eax
	call	die_usage@PLT
	.cfi_endproc
.LFE40:
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
	.align 8
	.type	srcs.1, @object
	.size	srcs.1, 12
srcs.1:
	.long	0
	.long	1
	.long	2
	.section	.rodata.str1.1
.LC46:
	.string	"smt"
.LC47:
	.string	"shared_l2"
.LC48:
	.string	"shared_l3_only"
.LC49:
	.string	"across_l3"
	.section	.data.rel.ro.local,"aw"
	.align 32
	.type	pair_name, @object
	.size	pair_name, 32
pair_name:
	.quad	.LC46
	.quad	.LC47
	.quad	.LC48
	.quad	.LC49
	.local	gate_go
	.comm	gate_go,4,128
	.local	gate_ready
	.comm	gate_ready,4,128
	.local	counters
	.comm	counters,8448,128
	.section	.rodata.str1.1
.LC50:
	.string	"adjacent"
.LC51:
	.string	"pad64"
.LC52:
	.string	"pad128"
	.section	.data.rel.ro.local
	.align 32
	.type	layouts, @object
	.size	layouts, 48
layouts:
	.quad	.LC50
	.quad	8
	.quad	.LC51
	.quad	64
	.quad	.LC52
	.quad	128
	.section	.rodata.str1.1
.LC53:
	.string	"store"
.LC54:
	.string	"rmw"
.LC55:
	.string	"atomic"
.LC56:
	.string	"register"
	.section	.data.rel.ro.local
	.align 32
	.type	increments, @object
	.size	increments, 64
increments:
	.quad	.LC53
	.quad	inc_store
	.quad	.LC54
	.quad	inc_rmw
	.quad	.LC55
	.quad	inc_atomic
	.quad	.LC56
	.quad	inc_register
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
