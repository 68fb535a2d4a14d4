	.file	"bench.c"
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
.LFE27:
	.size	inc_atomic, .-inc_atomic
	.p2align 4
	.type	adjust_table, @function
adjust_table:
.LFB36:
	.cfi_startproc
	pushq	%r14
	.cfi_def_cfa_offset 16
	.cfi_offset 14, -16
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
	testl	%esi, %esi
	jle	.L31
	movslq	%esi, %rsi
	leaq	24(%rdi), %rax
	movq	%rdi, %rbx
	xorl	%r14d, %r14d
	leaq	(%rsi,%rsi,4), %r12
	salq	$3, %r12
	leaq	(%rax,%r12), %rdx
	.p2align 4,,10
	.p2align 3
.L32:
	addl	(%rax), %r14d
	addq	$40, %rax
	cmpq	%rdx, %rax
	jne	.L32
	testl	%r14d, %r14d
	je	.L45
	movslq	%r14d, %r14
	leaq	0(,%r14,8), %r13
.L35:
	movq	%r13, %rdi
	addq	$16, %rbx
	call	xmalloc@PLT
	movq	%r13, %rdi
	addq	%rbx, %r12
	movq	%rax, %rbp
	call	xmalloc@PLT
	movq	%rbx, %rsi
	xorl	%r8d, %r8d
	movq	%rax, %r13
	.p2align 4,,10
	.p2align 3
.L36:
	movl	8(%rsi), %edi
	testl	%edi, %edi
	jle	.L40
	movq	(%rsi), %rax
	movslq	%edi, %rcx
	movslq	%r8d, %rdx
	leaq	(%rcx,%rcx,4), %rcx
	leaq	0(%rbp,%rdx,8), %rdx
	addq	$48, %rax
	salq	$4, %rcx
	addq	%rax, %rcx
	.p2align 4,,10
	.p2align 3
.L37:
	movsd	(%rax), %xmm0
	addq	$80, %rax
	addq	$8, %rdx
	movsd	%xmm0, -8(%rdx)
	cmpq	%rcx, %rax
	jne	.L37
	addl	%edi, %r8d
.L40:
	addq	$40, %rsi
	cmpq	%r12, %rsi
	jne	.L36
	movq	%rbp, %rdi
	movq	%r13, %rdx
	movq	%r14, %rsi
	call	bh_adjust@PLT
	xorl	%edi, %edi
	.p2align 4,,10
	.p2align 3
.L41:
	movl	8(%rbx), %esi
	testl	%esi, %esi
	jle	.L44
	movslq	%edi, %rax
	movslq	%esi, %rcx
	leaq	0(%r13,%rax,8), %rdx
	movq	(%rbx), %rax
	leaq	(%rcx,%rcx,4), %rcx
	salq	$4, %rcx
	addq	$64, %rax
	addq	%rax, %rcx
	.p2align 4,,10
	.p2align 3
.L42:
	movsd	(%rdx), %xmm0
	addq	$80, %rax
	addq	$8, %rdx
	movsd	%xmm0, -80(%rax)
	cmpq	%rax, %rcx
	jne	.L42
	addl	%esi, %edi
.L44:
	addq	$40, %rbx
	cmpq	%r12, %rbx
	jne	.L41
.L34:
	movq	%rbp, %rdi
	call	free@PLT
	popq	%rbx
	.cfi_remember_state
	.cfi_def_cfa_offset 40
	movq	%r13, %rdi
	popq	%rbp
	.cfi_def_cfa_offset 32
	popq	%r12
	.cfi_def_cfa_offset 24
	popq	%r13
	.cfi_def_cfa_offset 16
	popq	%r14
	.cfi_def_cfa_offset 8
	jmp	free@PLT
.L45:
	.cfi_restore_state
	movl	$8, %r13d
	xorl	%r14d, %r14d
	jmp	.L35
.L31:
	movl	$8, %edi
	call	xmalloc@PLT
	movl	$8, %edi
	movq	%rax, %rbp
	call	xmalloc@PLT
	xorl	%esi, %esi
	movq	%rbp, %rdi
	movq	%rax, %rdx
	movq	%rax, %r13
	call	bh_adjust@PLT
	jmp	.L34
	.cfi_endproc
.LFE36:
	.size	adjust_table, .-adjust_table
	.section	.rodata.str1.1,"aMS",@progbits,1
.LC2:
	.string	" %s=NA"
.LC3:
	.string	" %s=%.*f"
.LC4:
	.string	"%s_lo"
.LC5:
	.string	"%s_hi"
	.text
	.p2align 4
	.type	put_iv.isra.0, @function
put_iv.isra.0:
.LFB43:
	.cfi_startproc
	pushq	%r12
	.cfi_def_cfa_offset 16
	.cfi_offset 12, -16
	movl	%esi, %r12d
	pushq	%rbp
	.cfi_def_cfa_offset 24
	.cfi_offset 6, -24
	pushq	%rbx
	.cfi_def_cfa_offset 32
	.cfi_offset 3, -32
	movq	%rdi, %rbx
	subq	$80, %rsp
	.cfi_def_cfa_offset 112
	ucomisd	%xmm0, %xmm0
	movsd	%xmm1, (%rsp)
	movsd	%xmm2, 8(%rsp)
	jp	.L52
	movapd	%xmm0, %xmm1
	andpd	.LC0(%rip), %xmm1
	ucomisd	.LC1(%rip), %xmm1
	jbe	.L53
.L52:
	movq	%rbx, %rsi
	leaq	.LC2(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
.L54:
	leaq	16(%rsp), %rbp
	xorl	%eax, %eax
	movq	%rbx, %rcx
	movl	$64, %esi
	leaq	.LC4(%rip), %rdx
	movq	%rbp, %rdi
	call	snprintf@PLT
	movsd	(%rsp), %xmm3
	ucomisd	%xmm3, %xmm3
	jp	.L55
	movapd	%xmm3, %xmm0
	andpd	.LC0(%rip), %xmm0
	ucomisd	.LC1(%rip), %xmm0
	jbe	.L56
.L55:
	movq	%rbp, %rsi
	leaq	.LC2(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
.L57:
	xorl	%eax, %eax
	movq	%rbx, %rcx
	leaq	.LC5(%rip), %rdx
	movq	%rbp, %rdi
	movl	$64, %esi
	call	snprintf@PLT
	movsd	8(%rsp), %xmm4
	ucomisd	%xmm4, %xmm4
	jp	.L58
	movapd	%xmm4, %xmm0
	andpd	.LC0(%rip), %xmm0
	ucomisd	.LC1(%rip), %xmm0
	jbe	.L59
.L58:
	movq	%rbp, %rsi
	leaq	.LC2(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
	addq	$80, %rsp
	.cfi_remember_state
	.cfi_def_cfa_offset 32
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%rbp
	.cfi_def_cfa_offset 16
	popq	%r12
	.cfi_def_cfa_offset 8
	ret
	.p2align 4,,10
	.p2align 3
.L53:
	.cfi_restore_state
	movl	%esi, %edx
	movl	$1, %eax
	movq	%rdi, %rsi
	leaq	.LC3(%rip), %rdi
	call	printf@PLT
	jmp	.L54
	.p2align 4,,10
	.p2align 3
.L59:
	movsd	8(%rsp), %xmm0
	movl	%r12d, %edx
	movq	%rbp, %rsi
	leaq	.LC3(%rip), %rdi
	movl	$1, %eax
	call	printf@PLT
	addq	$80, %rsp
	.cfi_remember_state
	.cfi_def_cfa_offset 32
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%rbp
	.cfi_def_cfa_offset 16
	popq	%r12
	.cfi_def_cfa_offset 8
	ret
	.p2align 4,,10
	.p2align 3
.L56:
	.cfi_restore_state
	movsd	(%rsp), %xmm0
	movl	%r12d, %edx
	movq	%rbp, %rsi
	movl	$1, %eax
	leaq	.LC3(%rip), %rdi
	call	printf@PLT
	jmp	.L57
	.cfi_endproc
.LFE43:
	.size	put_iv.isra.0, .-put_iv.isra.0
	.section	.rodata.str1.8,"aMS",@progbits,1
	.align 8
.LC6:
	.string	"RESULT exp=false_sharing kind=%s%s variant=%s compare=%s threads=%d"
	.section	.rodata.str1.1
.LC7:
	.string	"ratio"
.LC8:
	.string	"p"
.LC9:
	.string	"q"
	.section	.rodata.str1.8
	.align 8
.LC10:
	.string	" n=%zu target_reached=%d too_busy=%d\n"
	.text
	.p2align 4
	.type	print_ratio.isra.0, @function
print_ratio.isra.0:
.LFB44:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	movq	%rdx, %rax
	movl	$1, %ebp
	pushq	%rbx
	.cfi_def_cfa_offset 24
	.cfi_offset 3, -24
	movq	%rcx, %rbx
	subq	$8, %rsp
	.cfi_def_cfa_offset 32
	movslq	(%rcx), %rcx
	movslq	4(%rbx), %r9
	movq	%rcx, %rdx
	salq	$5, %rdx
	subq	%rcx, %rdx
	leaq	(%rax,%rdx,8), %rdx
	cmpq	%r8, 56(%rbx)
	jl	.L63
	movq	208(%rdx), %rcx
	cmpq	%r8, %rcx
	jge	.L75
.L63:
	movq	(%rdx), %rax
	movl	16(%rbx), %r9d
	movq	%rsi, %rdx
	movq	%rdi, %rsi
	movq	8(%rbx), %r8
	leaq	.LC6(%rip), %rdi
	movq	(%rax), %rcx
	xorl	%eax, %eax
	call	printf@PLT
	movsd	24(%rbx), %xmm0
	movsd	40(%rbx), %xmm2
	movl	$4, %esi
	movsd	32(%rbx), %xmm1
	leaq	.LC7(%rip), %rdi
	call	put_iv.isra.0
	movsd	48(%rbx), %xmm0
	ucomisd	%xmm0, %xmm0
	jp	.L64
	movapd	%xmm0, %xmm1
	andpd	.LC0(%rip), %xmm1
	ucomisd	.LC1(%rip), %xmm1
	jbe	.L65
.L64:
	leaq	.LC8(%rip), %rsi
	leaq	.LC2(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
.L66:
	movsd	64(%rbx), %xmm0
	ucomisd	%xmm0, %xmm0
	jp	.L67
	movapd	%xmm0, %xmm1
	andpd	.LC0(%rip), %xmm1
	ucomisd	.LC1(%rip), %xmm1
	jbe	.L68
.L67:
	leaq	.LC9(%rip), %rsi
	leaq	.LC2(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
.L69:
	movl	72(%rbx), %edx
	movq	56(%rbx), %rsi
	addq	$8, %rsp
	.cfi_remember_state
	.cfi_def_cfa_offset 24
	movl	%ebp, %ecx
	popq	%rbx
	.cfi_def_cfa_offset 16
	leaq	.LC10(%rip), %rdi
	xorl	%eax, %eax
	popq	%rbp
	.cfi_def_cfa_offset 8
	jmp	printf@PLT
	.p2align 4,,10
	.p2align 3
.L75:
	.cfi_restore_state
	leaq	(%rcx,%rcx), %r10
	addq	216(%rdx), %rcx
	addq	224(%rdx), %rcx
	cmpq	%rcx, %r10
	jl	.L63
	movq	%r9, %rcx
	salq	$5, %rcx
	subq	%r9, %rcx
	leaq	(%rax,%rcx,8), %rcx
	movq	208(%rcx), %rax
	cmpq	%r8, %rax
	jl	.L63
	leaq	(%rax,%rax), %r8
	addq	216(%rcx), %rax
	xorl	%ebp, %ebp
	addq	224(%rcx), %rax
	cmpq	%rax, %r8
	setl	%bpl
	jmp	.L63
	.p2align 4,,10
	.p2align 3
.L68:
	movl	$4, %edx
	leaq	.LC9(%rip), %rsi
	movl	$1, %eax
	leaq	.LC3(%rip), %rdi
	call	printf@PLT
	jmp	.L69
	.p2align 4,,10
	.p2align 3
.L65:
	movl	$4, %edx
	leaq	.LC8(%rip), %rsi
	movl	$1, %eax
	leaq	.LC3(%rip), %rdi
	call	printf@PLT
	jmp	.L66
	.cfi_endproc
.LFE44:
	.size	print_ratio.isra.0, .-print_ratio.isra.0
	.section	.rodata.str1.1
.LC11:
	.string	","
.LC12:
	.string	""
.LC13:
	.string	"NA"
.LC14:
	.string	"ns_per_inc"
.LC15:
	.string	"canary_ns"
.LC16:
	.string	"canary_max_ns"
.LC17:
	.string	"lost_share"
	.section	.rodata.str1.8
	.align 8
.LC18:
	.string	"RESULT exp=false_sharing kind=%s%s variant=%s layout=%s threads=%d"
	.section	.rodata.str1.1
.LC19:
	.string	"cycles_per_inc"
.LC20:
	.string	"min_ns"
	.section	.rodata.str1.8
	.align 8
.LC21:
	.string	" rounds_total=%ld rounds_used=%ld rounds_interfered=%ld rounds_slow=%ld"
	.section	.rodata.str1.1
.LC22:
	.string	"slow_share"
	.section	.rodata.str1.8
	.align 8
.LC23:
	.string	" two_modes=%d two_modes_all=%d target_reached=%d too_busy=%d reps_min=%ld moved_rounds=%d pinned=%d oversubscribed=%d\n"
	.align 8
.LC24:
	.string	"samples exp=false_sharing kind=%s%s variant=%s layout=%s threads=%d"
	.section	.rodata.str1.1
.LC25:
	.string	" %s="
.LC26:
	.string	"%s%.4f"
.LC27:
	.string	" state=%s\n"
	.section	.rodata.str1.8
	.align 8
.LC28:
	.string	"cpus exp=false_sharing kind=%s%s variant=%s layout=%s threads=%d cpus=%s\n"
	.align 8
.LC29:
	.string	"RESULT exp=false_sharing kind=checksum%s variant=%s layout=%s threads=%d expected=%llu rounds=%ld status=ok\n"
	.text
	.p2align 4
	.type	print_cell, @function
print_cell:
.LFB34:
	.cfi_startproc
	pushq	%r15
	.cfi_def_cfa_offset 16
	.cfi_offset 15, -16
	leaq	.LC15(%rip), %rax
	pushq	%r14
	.cfi_def_cfa_offset 24
	.cfi_offset 14, -24
	movq	%rax, %xmm4
	pushq	%r13
	.cfi_def_cfa_offset 32
	.cfi_offset 13, -32
	movq	%rdx, %r13
	pushq	%r12
	.cfi_def_cfa_offset 40
	.cfi_offset 12, -40
	pushq	%rbp
	.cfi_def_cfa_offset 48
	.cfi_offset 6, -48
	leaq	.LC14(%rip), %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 56
	.cfi_offset 3, -56
	movq	%rbp, %xmm3
	movq	%rcx, %rbx
	punpcklqdq	%xmm4, %xmm3
	subq	$120, %rsp
	.cfi_def_cfa_offset 176
	movq	8(%rdx), %rax
	movq	(%rdx), %rdx
	movl	16(%r13), %r9d
	movq	%r8, 32(%rsp)
	movq	(%rdx), %rcx
	movq	(%rax), %r8
	movq	%rsi, %rdx
	movq	%rdi, 16(%rsp)
	movq	%rsi, 24(%rsp)
	xorl	%eax, %eax
	movq	%rdi, %rsi
	leaq	.LC18(%rip), %rdi
	movaps	%xmm3, (%rsp)
	call	printf@PLT
	movsd	112(%r13), %xmm0
	movl	$4, %esi
	movq	%rbp, %rdi
	movsd	128(%r13), %xmm2
	movsd	120(%r13), %xmm1
	call	put_iv.isra.0
	movl	$3, %esi
	movsd	152(%r13), %xmm0
	movsd	168(%r13), %xmm2
	movsd	160(%r13), %xmm1
	leaq	.LC19(%rip), %rdi
	call	put_iv.isra.0
	movsd	192(%r13), %xmm0
	ucomisd	%xmm0, %xmm0
	jp	.L77
	movapd	%xmm0, %xmm1
	andpd	.LC0(%rip), %xmm1
	ucomisd	.LC1(%rip), %xmm1
	jbe	.L78
.L77:
	leaq	.LC20(%rip), %rsi
	leaq	.LC2(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
.L79:
	movq	216(%r13), %rcx
	movq	208(%r13), %rdx
	xorl	%eax, %eax
	leaq	.LC21(%rip), %rdi
	movq	32(%rbx), %rsi
	movq	224(%r13), %r8
	call	printf@PLT
	movsd	200(%r13), %xmm0
	ucomisd	%xmm0, %xmm0
	jp	.L80
	movapd	%xmm0, %xmm1
	andpd	.LC0(%rip), %xmm1
	ucomisd	.LC1(%rip), %xmm1
	jbe	.L81
.L80:
	leaq	.LC22(%rip), %rsi
	leaq	.LC2(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
.L82:
	movq	32(%rsp), %rax
	movl	32(%r13), %ebp
	movl	$1, %r8d
	movl	108(%r13), %r11d
	movl	104(%r13), %edi
	movq	(%rax), %r9
	movq	208(%r13), %rax
	cmpq	%rax, %r9
	jg	.L83
	leaq	(%rax,%rax), %rdx
	addq	216(%r13), %rax
	xorl	%r8d, %r8d
	addq	224(%r13), %rax
	cmpq	%rax, %rdx
	setl	%r8b
.L83:
	subq	$8, %rsp
	.cfi_def_cfa_offset 184
	movl	240(%r13), %ecx
	xorl	%eax, %eax
	xorl	%r15d, %r15d
	movl	236(%r13), %edx
	movl	232(%r13), %esi
	pushq	%rbp
	.cfi_def_cfa_offset 192
	leaq	.LC11(%rip), %r12
	pushq	%r11
	.cfi_def_cfa_offset 200
	leaq	.LC26(%rip), %rbp
	pushq	%rdi
	.cfi_def_cfa_offset 208
	leaq	.LC23(%rip), %rdi
	call	printf@PLT
	movq	8(%r13), %rax
	movq	0(%r13), %rdx
	addq	$32, %rsp
	.cfi_def_cfa_offset 176
	movl	16(%r13), %r9d
	movq	16(%rsp), %rsi
	leaq	.LC24(%rip), %rdi
	movq	(%rdx), %rcx
	movq	(%rax), %r8
	xorl	%eax, %eax
	movq	24(%rsp), %rdx
	call	printf@PLT
	movdqu	40(%r13), %xmm5
	movdqa	(%rsp), %xmm7
	leaq	.LC17(%rip), %rax
	movq	%rax, %xmm2
	leaq	80(%rsp), %rax
	movdqu	56(%r13), %xmm6
	leaq	.LC16(%rip), %rcx
	movq	%rcx, %xmm0
	movq	%rax, (%rsp)
	punpcklqdq	%xmm2, %xmm0
	movq	%r13, 40(%rsp)
	movq	%r15, %r13
	movaps	%xmm5, 48(%rsp)
	movaps	%xmm6, 64(%rsp)
	movaps	%xmm7, 80(%rsp)
	movaps	%xmm0, 96(%rsp)
.L87:
	movq	(%rsp), %rax
	leaq	.LC25(%rip), %rdi
	movq	(%rax,%r13), %rsi
	xorl	%eax, %eax
	call	printf@PLT
	movq	32(%rbx), %rax
	testq	%rax, %rax
	jle	.L84
	movq	48(%rsp,%r13), %r15
	xorl	%r14d, %r14d
	leaq	.LC12(%rip), %rsi
	movsd	(%r15), %xmm0
	jmp	.L85
	.p2align 4,,10
	.p2align 3
.L96:
	movsd	(%r15,%r14,8), %xmm0
	movq	%r12, %rsi
.L85:
	movq	%rbp, %rdi
	movl	$1, %eax
	addq	$1, %r14
	call	printf@PLT
	movq	32(%rbx), %rax
	cmpq	%r14, %rax
	jg	.L96
.L84:
	testq	%rax, %rax
	je	.L97
.L86:
	addq	$8, %r13
	cmpq	$32, %r13
	jne	.L87
	cmpq	$0, 32(%rbx)
	movq	40(%rsp), %r13
	leaq	.LC13(%rip), %rsi
	je	.L88
	movq	72(%r13), %rsi
.L88:
	xorl	%eax, %eax
	leaq	.LC27(%rip), %rdi
	call	printf@PLT
	cmpq	$0, 88(%r13)
	leaq	.LC13(%rip), %rax
	je	.L89
	movq	80(%r13), %rax
.L89:
	movq	8(%r13), %rdx
	subq	$8, %rsp
	.cfi_def_cfa_offset 184
	leaq	.LC28(%rip), %rdi
	movq	(%rdx), %r8
	movq	0(%r13), %rdx
	movq	(%rdx), %rcx
	pushq	%rax
	.cfi_def_cfa_offset 192
	xorl	%eax, %eax
	movq	40(%rsp), %r15
	movl	16(%r13), %r9d
	movq	32(%rsp), %rsi
	movq	%r15, %rdx
	call	printf@PLT
	movq	8(%r13), %rax
	movslq	16(%r13), %r9
	movq	%r15, %rsi
	leaq	.LC29(%rip), %rdi
	movq	(%rax), %rcx
	movq	0(%r13), %rax
	movq	%r9, %r8
	movq	(%rax), %rdx
	movq	32(%rbx), %rax
	addq	$1, %rax
	movq	%rax, (%rsp)
	movq	48(%rsp), %rax
	imulq	32(%rax), %r9
	xorl	%eax, %eax
	call	printf@PLT
	addq	$136, %rsp
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
	.p2align 4,,10
	.p2align 3
.L97:
	.cfi_def_cfa_offset 176
	leaq	.LC13(%rip), %rdi
	call	printf@PLT
	jmp	.L86
.L78:
	movl	$4, %edx
	leaq	.LC20(%rip), %rsi
	movl	$1, %eax
	leaq	.LC3(%rip), %rdi
	call	printf@PLT
	jmp	.L79
.L81:
	movl	$3, %edx
	leaq	.LC22(%rip), %rsi
	movl	$1, %eax
	leaq	.LC3(%rip), %rdi
	call	printf@PLT
	jmp	.L82
	.cfi_endproc
.LFE34:
	.size	print_cell, .-print_cell
	.section	.rodata.str1.1
.LC30:
	.string	"refused"
.LC31:
	.string	"none"
.LC32:
	.string	"granted"
.LC33:
	.string	"topology_unknown"
.LC34:
	.string	"unpinned"
.LC35:
	.string	"--help"
	.section	.rodata.str1.8
	.align 8
.LC36:
	.ascii	"usage: false_sharing [-h]\n  Threads increment their own cou"
	.ascii	"nters placed 8, 64 or 128 bytes apart and\n  report ns and c"
	.ascii	"ycles per increment with 95%% intervals. Knobs come from\n  "
	.ascii	"the environment:\n  ITERS_LOG2=%d     increments per thread "
	.ascii	"and round = 2^N (10..34)\n  REPS=%d           at least this "
	.ascii	"many clean rounds per cell (1..1001); rounds\n              "
	.ascii	"      are added until every interval is within 5%% of its\n "
	.ascii	"                   estimate, up to 4 x REPS + 10 rounds\n  M"
	.ascii	"AX_CELL_S=%d     seconds of rounds per increment's block of "
	.ascii	"cells (0..3600)\n  THREADS=1,2,4,8   thread counts (1..%d, n"
	.ascii	"o repeats); counts above the CPUs\n                    this "
	.ascii	"process may run on are skipped unless named here,\n         "
	.ascii	"           then run as oversubscribed\n  PIN=1             L"
	.ascii	"inux: pin one thread per physical core, a shared-cache\n    "
	.ascii	"                domain first; 0 leaves placement to the OS ("
	.ascii	"default 0\n              "
	.string	"      where the OS has no affinity API)\n  PAIRS=1           at 2 threads, also measure each CPU-pair class the\n                    topology has (shared L2, shared L3 only, across, SMT)\n  Cycles per increment come from a speed canary run in the same round.\n"
	.align 8
.LC37:
	.string	"unknown argument '%s': false_sharing takes only -h (knobs are environment variables)"
	.section	.rodata.str1.1
.LC38:
	.string	"ITERS_LOG2"
.LC39:
	.string	"PIN"
.LC40:
	.string	"PAIRS"
.LC41:
	.string	"THREADS"
	.section	.rodata.str1.8
	.align 8
.LC42:
	.string	"THREADS=%s: %ld is named twice; name each thread count once"
	.align 8
.LC44:
	.string	"RESULT exp=false_sharing kind=line source=compiled_pad_stride line_bytes=%d\n"
	.align 8
.LC45:
	.string	"RESULT exp=false_sharing kind=line source=%s line_bytes=%ld\n"
	.align 8
.LC48:
	.string	"# false_sharing_plan: iters_log2=%ld reps_min=%ld max_rounds=%ld max_cell_s=%g rel_target=%g abs_floor=%g interference_share=%g slow_canary=%g probes=%s allowed_cpus=%d online_cpus=%d\n"
	.align 8
.LC49:
	.string	"# pinning: none (no allowed CPU found)"
	.align 8
.LC50:
	.string	"# pinning: none (PIN=0: placement left to the OS)"
	.align 8
.LC51:
	.string	"# pinning: none (this OS has no thread affinity API; placement left to the OS)"
	.align 8
.LC52:
	.string	"false_sharing: PIN=1 but threads cannot be pinned here; running unpinned\n"
	.section	.rodata.str1.1
.LC53:
	.string	"s"
	.section	.rodata.str1.8
	.align 8
.LC54:
	.string	"RESULT exp=false_sharing kind=skip threads=%d allowed_cpus=%d reason=above_allowed_cpus\n"
	.align 8
.LC55:
	.string	"false_sharing: skipping %d threads: this process may run on %d CPU%s (THREADS=%d runs it oversubscribed)\n"
	.section	.rodata.str1.1
.LC56:
	.string	"adjacent_over_pad128"
.LC57:
	.string	"pad64_over_pad128"
.LC58:
	.string	"pad128_over_1thread"
.LC59:
	.string	" class=%s pair=%d,%d"
	.section	.rodata.str1.8
	.align 8
.LC62:
	.string	"false_sharing: done; %ld cell-rounds in %.1f s\n"
	.section	.rodata.str1.1
.LC63:
	.string	"cell"
	.section	.rodata.str1.8
	.align 8
.LC64:
	.string	"RESULT exp=false_sharing kind=placement threads=%d cpus="
	.section	.rodata.str1.1
.LC65:
	.string	"%s%d"
	.section	.rodata.str1.8
	.align 8
.LC66:
	.string	"%s pinned=%s oversubscribed=%d allowed_cpus=%d"
	.section	.rodata.str1.1
.LC67:
	.string	"canary_best_ns"
.LC68:
	.string	"pair"
.LC69:
	.string	"pair_ratio"
	.section	.rodata.str1.8
	.align 8
.LC70:
	.string	"RESULT exp=false_sharing kind=pair_placement%s threads=2"
	.align 8
.LC71:
	.string	"RESULT exp=false_sharing kind=skip pairs=none reason=%s\n"
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LFB41:
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
	subq	$3016, %rsp
	.cfi_def_cfa_offset 3072
	cmpl	$1, %edi
	jle	.L99
	movq	8(%rsi), %rbx
	cmpb	$45, (%rbx)
	je	.L348
.L250:
	leaq	.LC35(%rip), %rsi
	movq	%rbx, %rdi
	call	strcmp@PLT
	testl	%eax, %eax
	jne	.L102
.L101:
	movq	stdout(%rip), %rdi
	movl	$64, %r9d
	movl	$10, %r8d
	xorl	%eax, %eax
	movl	$11, %ecx
	movl	$18, %edx
	leaq	.LC36(%rip), %rsi
	call	fprintf@PLT
.L268:
	addq	$3016, %rsp
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
.L348:
	.cfi_restore_state
	cmpb	$104, 1(%rbx)
	jne	.L250
	cmpb	$0, 2(%rbx)
	je	.L101
	jmp	.L250
.L99:
	movl	$34, %ecx
	movl	$10, %edx
	movl	$18, %esi
	leaq	.LC38(%rip), %rdi
	leaq	.LC41(%rip), %rbp
	call	env_long@PLT
	xorl	%edx, %edx
	movl	$1, %esi
	leaq	.LC39(%rip), %rdi
	movq	%rax, %rcx
	movq	%rax, 408(%rsp)
	movl	$1, %eax
	leaq	400(%rsp), %r15
	salq	%cl, %rax
	movl	$1, %ecx
	movq	%rax, 400(%rsp)
	call	env_long@PLT
	xorl	%edx, %edx
	movl	$1, %ecx
	movl	$1, %esi
	leaq	.LC40(%rip), %rdi
	movq	%rax, 416(%rsp)
	call	env_long@PLT
	movl	$64, %edx
	movl	$16, %r8d
	movq	%rbp, %rdi
	leaq	432(%rsp), %rcx
	movl	$1, %esi
	movq	%rax, 424(%rsp)
	call	env_long_list@PLT
	xorl	%edx, %edx
	testq	%rax, %rax
	movq	%rax, 560(%rsp)
	setne	%dl
	movl	%edx, 568(%rsp)
	je	.L104
	movq	%r15, %rdi
	xorl	%r8d, %r8d
	.p2align 4,,10
	.p2align 3
.L105:
	addq	$1, %r8
	movq	%rdi, %rsi
	addq	$8, %rdi
	cmpq	%r8, %rax
	je	.L108
	movq	32(%rdi), %rbx
	movq	%r15, %rdx
	jmp	.L107
	.p2align 4,,10
	.p2align 3
.L106:
	leaq	8(%rdx), %rcx
	cmpq	%rdx, %rsi
	je	.L105
	movq	%rcx, %rdx
.L107:
	cmpq	32(%rdx), %rbx
	jne	.L106
	movq	%rbp, %rdi
	call	getenv@PLT
	movq	%rbx, %rdx
	leaq	.LC42(%rip), %rdi
	movq	%rax, %rsi
	xorl	%eax, %eax
	call	die_usage@PLT
.L104:
	movdqa	def.0(%rip), %xmm4
	movq	$4, 560(%rsp)
	movaps	%xmm4, 432(%rsp)
	movdqa	16+def.0(%rip), %xmm4
	movaps	%xmm4, 448(%rsp)
.L108:
	movsd	.LC43(%rip), %xmm0
	leaq	128(%rsp), %rdi
	movl	$11, %esi
	leaq	srcs.2(%rip), %r14
	leaq	12(%r14), %r13
	call	reps_plan_from_env@PLT
	movq	128(%rsp), %rax
	movl	$1024, %esi
	leaq	allowed.3(%rip), %rdi
	movq	%rax, 120(%rsp)
	call	allowed_cpus@PLT
	movl	$128, %esi
	leaq	.LC44(%rip), %rdi
	movl	%eax, %r12d
	movl	$1024, %eax
	cmpl	%eax, %r12d
	cmovle	%r12d, %eax
	movl	%eax, 48(%rsp)
	xorl	%eax, %eax
	call	printf@PLT
	leaq	1792(%rsp), %rax
	movl	%r12d, (%rsp)
	movq	%rax, 80(%rsp)
	movq	%r15, 8(%rsp)
	movq	%r14, %r15
.L110:
	movl	(%r15), %ebp
	movq	80(%rsp), %rdx
	xorl	%esi, %esi
	movl	$8, %ecx
	movl	%ebp, %edi
	call	cache_levels@PLT
	testl	%eax, %eax
	jle	.L114
	movslq	%eax, %rcx
	movq	80(%rsp), %rdi
	imulq	$152, %rcx, %rcx
	movq	%rdi, %rbx
	leaq	(%rdi,%rcx), %r14
	jmp	.L113
	.p2align 4,,10
	.p2align 3
.L112:
	addq	$152, %rbx
	cmpq	%r14, %rbx
	je	.L114
.L113:
	cmpl	$1, (%rbx)
	jne	.L112
	movq	16(%rbx), %r12
	testq	%r12, %r12
	jle	.L112
	movl	%ebp, %edi
	addq	$152, %rbx
	call	cache_source_name@PLT
	movq	%r12, %rdx
	leaq	.LC45(%rip), %rdi
	movq	%rax, %rsi
	xorl	%eax, %eax
	call	printf@PLT
	cmpq	%r14, %rbx
	jne	.L113
.L114:
	addq	$4, %r15
	cmpq	%r13, %r15
	jne	.L110
	movl	(%rsp), %r12d
	movq	8(%rsp), %r15
	call	online_cpus@PLT
	movl	%eax, %ebx
	call	probe_sources@PLT
	movsd	.LC47(%rip), %xmm2
	pushq	%rbp
	.cfi_def_cfa_offset 3080
	leaq	.LC48(%rip), %rdi
	pushq	%rbx
	.cfi_def_cfa_offset 3088
	movsd	.LC46(%rip), %xmm4
	movq	%rax, %r8
	movl	$5, %eax
	movl	64(%rsp), %r9d
	movq	152(%rsp), %rcx
	movapd	%xmm2, %xmm3
	movq	136(%rsp), %rdx
	movq	424(%rsp), %rsi
	movsd	168(%rsp), %xmm1
	movsd	160(%rsp), %xmm0
	call	printf@PLT
	popq	%r13
	.cfi_def_cfa_offset 3080
	popq	%r14
	.cfi_def_cfa_offset 3072
	cmpq	$0, 416(%rsp)
	je	.L118
	call	affinity_supported@PLT
	testl	%eax, %eax
	je	.L349
	movq	80(%rsp), %rsi
	movl	allowed.3(%rip), %edi
	xorl	%edx, %edx
	xorl	%r14d, %r14d
	movl	$3, 1792(%rsp)
	call	cache_llc@PLT
	movl	%r12d, 16(%rsp)
	xorl	%esi, %esi
	movq	%r15, 32(%rsp)
.L122:
	cmpl	$0, 16(%rsp)
	movl	$1, %ecx
	jle	.L134
	movl	%esi, 8(%rsp)
	movq	%rcx, %rax
	movl	%r14d, %ecx
	movq	%rax, %r14
	.p2align 4,,10
	.p2align 3
.L132:
	leaq	-4+allowed.3(%rip), %rax
	movl	(%rax,%r14,4), %ebp
	testl	%ecx, %ecx
	je	.L227
	leaq	576(%rsp), %r15
	movslq	%ecx, %rax
	xorl	%ebx, %ebx
	xorl	%r12d, %r12d
	movq	%r14, (%rsp)
	leaq	(%r15,%rax,4), %r13
	movq	%r15, %r14
	movl	%ecx, %r15d
	.p2align 4,,10
	.p2align 3
.L124:
	movl	(%r14), %edi
	xorl	%eax, %eax
	movl	%ebp, %esi
	cmpl	%edi, %ebp
	sete	%al
	orl	%eax, %r12d
	call	cpus_are_smt_siblings@PLT
	cmpl	$1, %eax
	sete	%al
	addq	$4, %r14
	movzbl	%al, %eax
	orl	%eax, %ebx
	cmpq	%r13, %r14
	jne	.L124
	movq	(%rsp), %r14
	movl	%r15d, %ecx
	testl	%r12d, %r12d
	jne	.L129
	movl	576(%rsp), %r13d
.L123:
	movl	$2, %edx
	movl	%ebp, %esi
	movl	%r13d, %edi
	movl	%ecx, (%rsp)
	call	cpus_share_cache@PLT
	movl	1792(%rsp), %edx
	movl	%ebp, %esi
	movl	%r13d, %edi
	movl	%eax, %r12d
	call	cpus_share_cache@PLT
	movl	8(%rsp), %r10d
	movl	(%rsp), %ecx
	testl	%eax, %eax
	setne	%al
	testl	%r10d, %r10d
	jne	.L126
	testl	%r12d, %r12d
	setne	%dl
	testb	%al, %dl
	je	.L129
	andl	$1, %ebx
	je	.L127
	.p2align 4,,10
	.p2align 3
.L129:
	cmpl	%r14d, 48(%rsp)
	setg	%dl
	cmpl	$63, %ecx
	setle	%al
	addq	$1, %r14
	testb	%al, %dl
	jne	.L132
	movl	8(%rsp), %esi
	movl	%ecx, %r14d
.L134:
	addl	$1, %esi
	cmpl	$3, %esi
	jg	.L133
	cmpl	$63, %r14d
	jle	.L122
.L133:
	movl	16(%rsp), %r12d
	movq	32(%rsp), %r15
	movl	%r14d, 28(%rsp)
	cmpq	$0, 416(%rsp)
	je	.L116
	call	affinity_supported@PLT
	testl	%eax, %eax
	je	.L119
	cmpl	$0, 28(%rsp)
	jne	.L139
.L138:
	leaq	.LC49(%rip), %rdi
	call	puts@PLT
	cmpq	$0, 416(%rsp)
	je	.L121
.L120:
	movq	stderr(%rip), %rcx
	movl	$73, %edx
	movl	$1, %esi
	leaq	.LC52(%rip), %rdi
	call	fwrite@PLT
.L121:
	xorl	%r9d, %r9d
	xorl	%r13d, %r13d
	cmpq	$0, 560(%rsp)
	movl	%r9d, 28(%rsp)
	jne	.L140
.L141:
	leaq	832(%rsp), %rdi
	subq	$32, %rsp
	.cfi_def_cfa_offset 3104
	xorl	%ebx, %ebx
	movq	%rdi, 104(%rsp)
	movq	432(%rsp), %rsi
	movdqa	160(%rsp), %xmm2
	movdqa	176(%rsp), %xmm4
	movups	%xmm2, (%rsp)
	movups	%xmm4, 16(%rsp)
	call	run_init@PLT
	addq	$32, %rsp
	.cfi_def_cfa_offset 3072
	xorl	%edx, %edx
	leaq	1152(%rsp), %rax
	movl	%edx, 108(%rsp)
	movl	%edx, 68(%rsp)
	movq	%rax, 56(%rsp)
.L169:
	call	now_ns@PLT
	subq	1144(%rsp), %rax
	js	.L220
	pxor	%xmm0, %xmm0
	cvtsi2sdq	%rax, %xmm0
.L221:
	movq	1128(%rsp), %rdx
	movq	stderr(%rip), %rdi
	leaq	.LC62(%rip), %rsi
	movl	$1, %eax
	divsd	.LC61(%rip), %xmm0
	call	fprintf@PLT
	movl	68(%rsp), %eax
	xorl	%ecx, %ecx
	movl	%ebx, 68(%rsp)
	movl	%ecx, 64(%rsp)
	movl	%eax, 52(%rsp)
.L222:
	movl	52(%rsp), %ebx
	movq	56(%rsp), %r12
	movl	%ebx, %esi
	movq	%r12, %rdi
	call	adjust_table
	movslq	%ebx, %rax
	movl	64(%rsp), %esi
	imulq	$40, %rax, %r14
	subl	%ebx, %esi
	leaq	(%r12,%r14), %r13
	movq	%r13, %rdi
	call	adjust_table
	testl	%ebx, %ebx
	je	.L179
	movq	%r13, (%rsp)
	movq	72(%rsp), %r15
	leaq	.LC12(%rip), %rbp
	leaq	.LC63(%rip), %rbx
	movq	%r14, 8(%rsp)
	.p2align 4,,10
	.p2align 3
.L180:
	movl	8(%r12), %eax
	xorl	%r13d, %r13d
	xorl	%r14d, %r14d
	testl	%eax, %eax
	jle	.L183
	.p2align 4,,10
	.p2align 3
.L181:
	movq	(%r12), %rdx
	movq	%r15, %r8
	movq	%r12, %rcx
	movq	%rbp, %rsi
	movq	%rbx, %rdi
	addl	$1, %r14d
	addq	%r13, %rdx
	addq	$248, %r13
	call	print_cell
	cmpl	%r14d, 8(%r12)
	jg	.L181
.L183:
	movq	(%rsp), %rax
	addq	$40, %r12
	cmpq	%rax, %r12
	jne	.L180
	cmpl	$0, 68(%rsp)
	movq	8(%rsp), %r14
	movq	(%rsp), %r13
	je	.L187
.L186:
	movl	28(%rsp), %eax
	xorl	%ecx, %ecx
	movq	%r14, 112(%rsp)
	leaq	cpus_t.1(%rip), %rbp
	movq	%r13, 120(%rsp)
	testl	%eax, %eax
	movq	56(%rsp), %rax
	setg	%cl
	setne	88(%rsp)
	xorl	%r11d, %r11d
	addq	%r14, %rax
	movl	%ecx, 104(%rsp)
	movq	%rax, 96(%rsp)
	leaq	192(%rsp), %rax
	movq	%rax, 8(%rsp)
	leaq	256(%rsp), %rax
	movq	%r11, 40(%rsp)
	movq	%r11, (%rsp)
	movq	%rax, 16(%rsp)
	.p2align 4,,10
	.p2align 3
.L185:
	movl	52(%rsp), %r10d
	movq	56(%rsp), %rcx
	movl	104(%rsp), %r8d
	testl	%r10d, %r10d
	je	.L191
	movq	40(%rsp), %rsi
	movq	96(%rsp), %rdi
.L190:
	movq	(%rcx), %rdx
	xorl	%eax, %eax
	addq	%rsi, %rdx
.L192:
	addl	$1, %eax
	andl	108(%rdx), %r8d
	addq	$248, %rdx
	cmpl	$3, %eax
	jne	.L192
	addq	$40, %rcx
	cmpq	%rcx, %rdi
	jne	.L190
.L191:
	movq	8(%rsp), %rax
	movq	(%rsp), %rbx
	movl	%r8d, 32(%rsp)
	leaq	.LC64(%rip), %rdi
	movl	(%rax,%rbx,4), %ebx
	xorl	%eax, %eax
	movl	%ebx, %esi
	call	printf@PLT
	testl	%ebx, %ebx
	movl	32(%rsp), %r8d
	jle	.L249
	xorl	%r15d, %r15d
	cmpb	$0, 88(%rsp)
	leaq	.LC65(%rip), %r14
	leaq	.LC11(%rip), %r13
	leaq	.LC12(%rip), %r12
	je	.L249
	movl	%r8d, 32(%rsp)
	.p2align 4,,10
	.p2align 3
.L193:
	testq	%r15, %r15
	movq	%r12, %rsi
	movl	0(%rbp,%r15,4), %edx
	movq	%r14, %rdi
	cmovne	%r13, %rsi
	xorl	%eax, %eax
	addq	$1, %r15
	call	printf@PLT
	cmpl	%r15d, %ebx
	jg	.L193
	movq	16(%rsp), %rax
	movq	(%rsp), %rbx
	movl	32(%rsp), %r8d
	movl	(%rax,%rbx,4), %ecx
.L195:
	testl	%r8d, %r8d
	leaq	.LC30(%rip), %rdx
	leaq	.LC32(%rip), %rax
	cmovne	%rax, %rdx
	leaq	.LC12(%rip), %rsi
.L196:
	movl	48(%rsp), %r8d
	xorl	%eax, %eax
	leaq	.LC66(%rip), %rdi
	call	printf@PLT
	movq	72(%rsp), %rax
	movq	(%rsp), %rbx
	movsd	40(%rax,%rbx,8), %xmm0
	ucomisd	%xmm0, %xmm0
	jp	.L199
	movapd	%xmm0, %xmm1
	andpd	.LC0(%rip), %xmm1
	ucomisd	.LC1(%rip), %xmm1
	jbe	.L200
.L199:
	leaq	.LC67(%rip), %rsi
	leaq	.LC2(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
.L201:
	movl	$10, %edi
	addq	$256, %rbp
	call	putchar@PLT
	addq	$1, (%rsp)
	movq	(%rsp), %rax
	addq	$744, 40(%rsp)
	cmpl	%eax, 68(%rsp)
	jg	.L185
	cmpl	$0, 52(%rsp)
	movq	112(%rsp), %r14
	movq	120(%rsp), %r13
	je	.L188
.L187:
	movq	56(%rsp), %rax
	leaq	.LC12(%rip), %rbp
	leaq	.LC7(%rip), %rbx
	movq	%rax, %r15
	leaq	(%r14,%rax), %r12
.L189:
	movl	24(%r15), %edi
	xorl	%r14d, %r14d
	testl	%edi, %edi
	jle	.L204
	.p2align 4,,10
	.p2align 3
.L203:
	leaq	(%r14,%r14,4), %rcx
	movq	(%r15), %rdx
	movq	%rbp, %rsi
	movq	%rbx, %rdi
	movq	832(%rsp), %r8
	salq	$4, %rcx
	addq	16(%r15), %rcx
	addq	$1, %r14
	call	print_ratio.isra.0
	cmpl	%r14d, 24(%r15)
	jg	.L203
.L204:
	addq	$40, %r15
	cmpq	%r12, %r15
	jne	.L189
.L188:
	movl	64(%rsp), %ecx
	cmpl	%ecx, 52(%rsp)
	jge	.L207
.L205:
	movl	64(%rsp), %eax
	movl	52(%rsp), %ecx
	xorl	%r12d, %r12d
	movq	%r13, %r15
	movq	%r12, (%rsp)
	movq	80(%rsp), %rbx
	leaq	.LC68(%rip), %rbp
	subl	%ecx, %eax
	movq	72(%rsp), %r13
	movq	%rax, 16(%rsp)
	.p2align 4,,10
	.p2align 3
.L208:
	movl	(%rsp), %eax
	movl	8(%r15), %esi
	xorl	%r12d, %r12d
	xorl	%r14d, %r14d
	movl	%eax, 8(%rsp)
	testl	%esi, %esi
	jle	.L215
	.p2align 4,,10
	.p2align 3
.L209:
	movq	(%r15), %rdx
	movq	%r13, %r8
	movq	%r15, %rcx
	movq	%rbx, %rsi
	movq	%rbp, %rdi
	addl	$1, %r14d
	addq	%r12, %rdx
	addq	$248, %r12
	call	print_cell
	cmpl	%r14d, 8(%r15)
	jg	.L209
.L215:
	movq	16(%r15), %rcx
	movq	(%r15), %rdx
	movq	%rbx, %rsi
	leaq	.LC69(%rip), %rdi
	movq	832(%rsp), %r8
	call	print_ratio.isra.0
	imull	$-1431655765, 8(%rsp), %r14d
	cmpl	$1431655765, %r14d
	jbe	.L350
.L210:
	addq	$1, (%rsp)
	movq	(%rsp), %rax
	addq	$40, %r15
	addq	$96, %rbx
	movq	16(%rsp), %rcx
	cmpq	%rcx, %rax
	jne	.L208
.L214:
	movslq	64(%rsp), %rbp
	movq	56(%rsp), %rbx
	imulq	$40, %rbp, %rbp
	addq	%rbx, %rbp
	.p2align 4,,10
	.p2align 3
.L218:
	movq	%rbx, %rdi
	addq	$40, %rbx
	call	block_free@PLT
	movq	-40(%rbx), %rdi
	call	free@PLT
	movq	-24(%rbx), %rdi
	call	free@PLT
	cmpq	%rbp, %rbx
	jne	.L218
.L206:
	cmpq	$0, 424(%rsp)
	je	.L268
	cmpl	$0, 108(%rsp)
	jne	.L268
	cmpl	$0, 28(%rsp)
	leaq	.LC33(%rip), %rax
	leaq	.LC34(%rip), %rsi
	cmovne	%rax, %rsi
	leaq	.LC71(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
	jmp	.L268
	.p2align 4,,10
	.p2align 3
.L126:
	xorl	$1, %ebx
	andl	$1, %ebx
	cmpl	$1, 8(%rsp)
	je	.L351
	cmpl	$2, 8(%rsp)
	setne	%al
	orl	%ebx, %eax
	movzbl	%al, %eax
.L131:
	testl	%eax, %eax
	je	.L129
.L127:
	movslq	%ecx, %rax
	addl	$1, %ecx
	movl	%ebp, 576(%rsp,%rax,4)
	jmp	.L129
.L351:
	andl	%ebx, %eax
	movzbl	%al, %eax
	jmp	.L131
.L227:
	xorl	%ebx, %ebx
	movl	%ebp, %r13d
	jmp	.L123
.L349:
	cmpq	$0, 416(%rsp)
	jne	.L352
.L118:
	xorl	%r11d, %r11d
	movl	%r11d, 28(%rsp)
.L116:
	leaq	.LC50(%rip), %rdi
	call	puts@PLT
.L136:
	cmpq	$0, 416(%rsp)
	je	.L139
	cmpl	$0, 28(%rsp)
	je	.L120
.L139:
	cmpl	$1, 28(%rsp)
	setg	%al
	cmpq	$0, 560(%rsp)
	movl	%eax, %r13d
	je	.L143
.L140:
	subl	$1, %r12d
	leaq	.LC53(%rip), %rax
	movb	%r13b, 32(%rsp)
	movq	%r15, %r11
	leaq	.LC12(%rip), %rbx
	movl	28(%rsp), %r14d
	movl	48(%rsp), %r13d
	leaq	cpus_t.1(%rip), %r12
	cmovne	%rax, %rbx
	xorl	%eax, %eax
	xorl	%ebp, %ebp
	movl	%eax, %r15d
	movq	%rbx, 16(%rsp)
	.p2align 4,,10
	.p2align 3
.L151:
	movq	32(%r11,%rbp,8), %r9
	movl	%r9d, %ebx
	cmpl	%r9d, %r13d
	jge	.L148
	movl	568(%rsp), %r8d
	testl	%r8d, %r8d
	je	.L353
.L148:
	movslq	%r15d, %r8
	testl	%r14d, %r14d
	je	.L150
	testl	%r9d, %r9d
	jle	.L150
	movq	%r8, %rdi
	xorl	%esi, %esi
	salq	$8, %rdi
	addq	%r12, %rdi
	.p2align 4,,10
	.p2align 3
.L149:
	movl	%esi, %eax
	cltd
	idivl	%r14d
	movslq	%edx, %rdx
	movl	576(%rsp,%rdx,4), %eax
	movl	%eax, (%rdi,%rsi,4)
	addq	$1, %rsi
	cmpl	%esi, %ebx
	jg	.L149
.L150:
	xorl	%eax, %eax
	cmpl	%r9d, %r13d
	movl	%r9d, 192(%rsp,%r8,4)
	setl	%al
	addl	$1, %r15d
	movl	%eax, 256(%rsp,%r8,4)
.L147:
	addq	$1, %rbp
	cmpq	560(%rsp), %rbp
	jb	.L151
	cmpq	$0, 424(%rsp)
	movl	%r15d, 68(%rsp)
	movzbl	32(%rsp), %r13d
	je	.L152
	testb	%r13b, %r13b
	jne	.L223
.L152:
	leaq	832(%rsp), %rdi
	subq	$32, %rsp
	.cfi_def_cfa_offset 3104
	movq	%rdi, 104(%rsp)
	movq	432(%rsp), %rsi
	movdqa	160(%rsp), %xmm4
	movdqa	176(%rsp), %xmm2
	movups	%xmm4, (%rsp)
	movups	%xmm2, 16(%rsp)
	call	run_init@PLT
	addq	$32, %rsp
	.cfi_def_cfa_offset 3072
	xorl	%eax, %eax
	cmpl	$0, 68(%rsp)
	movl	%eax, 108(%rsp)
	je	.L354
.L225:
	movl	68(%rsp), %edi
	leaq	increments(%rip), %r14
	leaq	48+layouts(%rip), %r13
	xorl	%r12d, %r12d
	leal	(%rdi,%rdi,2), %ebx
	movslq	%ebx, %rax
	imulq	$248, %rax, %rcx
	imulq	$80, %rax, %rax
	movq	%rcx, 88(%rsp)
	movq	%rax, 96(%rsp)
	leaq	1152(%rsp), %rax
	movq	%rax, %rcx
	movq	%rax, 56(%rsp)
	leaq	1312(%rsp), %rax
	movq	%rax, 112(%rsp)
	movslq	%edi, %rax
	movq	%rcx, %r15
	movq	%rax, 32(%rsp)
	leaq	192(%rsp), %rax
	movq	%rax, 8(%rsp)
	leaq	256(%rsp), %rax
	movq	%rax, 16(%rsp)
	.p2align 4,,10
	.p2align 3
.L166:
	movl	%ebx, 8(%r15)
	movq	88(%rsp), %rdi
	call	xmalloc@PLT
	movq	96(%rsp), %rdi
	movq	%rax, (%r15)
	call	xmalloc@PLT
	movq	8(%rsp), %rcx
	movq	32(%rsp), %rsi
	xorl	%edx, %edx
	movq	%rax, 16(%r15)
	movq	%rax, %r8
	movl	$-1, %eax
	.p2align 4,,10
	.p2align 3
.L161:
	cmpl	$1, (%rcx,%rdx,4)
	cmove	%edx, %eax
	addq	$1, %rdx
	cmpq	%rsi, %rdx
	jne	.L161
	movl	%eax, %edx
	leal	2(%rax,%rax,2), %ecx
	movl	%ebx, 104(%rsp)
	xorl	%r9d, %r9d
	notl	%edx
	movl	%ecx, 64(%rsp)
	movq	(%r15), %rcx
	xorl	%ebp, %ebp
	shrl	$31, %edx
	movl	%eax, 40(%rsp)
	pxor	%xmm0, %xmm0
	movq	%r15, %rax
	movl	%edx, 52(%rsp)
	movq	%rcx, %r15
	.p2align 4,,10
	.p2align 3
.L162:
	movq	8(%rsp), %rdi
	movl	28(%rsp), %edx
	movq	%r9, %r10
	movq	%r15, (%rsp)
	movq	16(%rsp), %rcx
	salq	$8, %r10
	movd	%r9d, %xmm4
	leal	(%r9,%r9,2), %ebx
	movl	(%rdi,%r9,4), %r11d
	leaq	cpus_t.1(%rip), %rdi
	leaq	layouts(%rip), %rsi
	addq	%rdi, %r10
	movd	(%rcx,%r9,4), %xmm1
	testl	%edx, %edx
	movq	%r15, %rdx
	cmove	%r12, %r10
	movq	%rax, %r15
	punpckldq	%xmm4, %xmm1
.L163:
	movq	%rdx, %rdi
	movl	$31, %ecx
	movq	%r12, %rax
	addq	$248, %rdx
	rep stosq
	movq	%rsi, -240(%rdx)
	addq	$16, %rsi
	movq	%r14, -248(%rdx)
	movl	%r11d, -232(%rdx)
	movq	%r10, -224(%rdx)
	movq	%xmm1, -216(%rdx)
	cmpq	%rsi, %r13
	jne	.L163
	leal	2(%rbx), %ecx
	movslq	%ebp, %rdx
	leaq	.LC56(%rip), %rdi
	movq	%r15, %rax
	movl	%ebx, 1792(%rsp)
	leaq	(%rdx,%rdx,4), %rdx
	addl	$1, %ebx
	leal	2(%rbp), %esi
	movl	%ecx, 1796(%rsp)
	salq	$4, %rdx
	movq	(%rsp), %r15
	movq	%rdi, 1800(%rsp)
	movdqa	1792(%rsp), %xmm5
	movups	%xmm0, 1844(%rsp)
	movups	%xmm0, 1812(%rsp)
	movl	%r11d, 1808(%rsp)
	movups	%xmm0, 1828(%rsp)
	movups	%xmm0, 1856(%rsp)
	movups	%xmm5, (%r8,%rdx)
	movdqa	1808(%rsp), %xmm6
	movups	%xmm6, 16(%r8,%rdx)
	movdqa	1824(%rsp), %xmm7
	movups	%xmm7, 32(%r8,%rdx)
	movdqa	1840(%rsp), %xmm3
	movups	%xmm3, 48(%r8,%rdx)
	movdqa	1856(%rsp), %xmm4
	movups	%xmm4, 64(%r8,%rdx)
	movl	%ebx, 1792(%rsp)
	leaq	.LC57(%rip), %rbx
	movl	%ecx, 1796(%rsp)
	movq	%rbx, 1800(%rsp)
	movdqa	1792(%rsp), %xmm2
	movl	%r11d, 1808(%rsp)
	movups	%xmm0, 1812(%rsp)
	movups	%xmm0, 1844(%rsp)
	movl	%esi, 24(%rax)
	movups	%xmm0, 1828(%rsp)
	movups	%xmm0, 1856(%rsp)
	movups	%xmm2, 80(%r8,%rdx)
	movdqa	1808(%rsp), %xmm5
	movups	%xmm5, 96(%r8,%rdx)
	movdqa	1824(%rsp), %xmm6
	movups	%xmm6, 112(%r8,%rdx)
	movdqa	1840(%rsp), %xmm7
	movups	%xmm7, 128(%r8,%rdx)
	movdqa	1856(%rsp), %xmm3
	movups	%xmm3, 144(%r8,%rdx)
	cmpl	%r9d, 40(%rsp)
	je	.L164
	cmpb	$0, 52(%rsp)
	je	.L164
	movl	64(%rsp), %ebx
	movl	%ecx, 1792(%rsp)
	addl	$3, %ebp
	movups	%xmm0, 1844(%rsp)
	movl	%ebx, 1796(%rsp)
	leaq	.LC58(%rip), %rbx
	movq	%rbx, 1800(%rsp)
	movdqa	1792(%rsp), %xmm2
	movups	%xmm0, 1812(%rsp)
	movups	%xmm0, 1828(%rsp)
	movl	%r11d, 1808(%rsp)
	movups	%xmm0, 1856(%rsp)
	movl	%ebp, 24(%rax)
	movups	%xmm2, 160(%r8,%rdx)
	movdqa	1808(%rsp), %xmm2
	movups	%xmm2, 176(%r8,%rdx)
	movdqa	1824(%rsp), %xmm5
	movups	%xmm5, 192(%r8,%rdx)
	movdqa	1840(%rsp), %xmm6
	movups	%xmm6, 208(%r8,%rdx)
	movdqa	1856(%rsp), %xmm7
	movups	%xmm7, 224(%r8,%rdx)
.L164:
	movq	32(%rsp), %rbx
	addq	$1, %r9
	addq	$744, %r15
	cmpq	%rbx, %r9
	je	.L165
	movl	24(%rax), %ebp
	jmp	.L162
	.p2align 4,,10
	.p2align 3
.L165:
	movq	%rax, %r15
	movq	112(%rsp), %rax
	movl	104(%rsp), %ebx
	addq	$16, %r14
	addq	$40, %r15
	cmpq	%rax, %r15
	jne	.L166
	cmpl	$0, 108(%rsp)
	je	.L237
	movl	$4, 52(%rsp)
.L168:
	movslq	52(%rsp), %rax
	leaq	160(%rsp), %r14
	movl	$1, %esi
	movl	%eax, 64(%rsp)
	movq	%rax, 16(%rsp)
	.p2align 4,,10
	.p2align 3
.L173:
	movl	(%r14), %eax
	testl	%eax, %eax
	js	.L171
	leaq	-8+pair_name(%rip), %rax
	movq	16(%rsp), %rbx
	xorl	%ebp, %ebp
	movq	80(%rsp), %rcx
	movq	(%rax,%rsi,8), %rax
	movq	%rsi, 8(%rsp)
	leaq	increments(%rip), %r13
	movq	%rax, (%rsp)
	movl	68(%rsp), %eax
	leal	-1(%rax,%rsi), %r12d
	movslq	64(%rsp), %rax
	movq	%rax, %r11
	imulq	$40, %rax, %rax
	subq	%rbx, %r11
	movq	56(%rsp), %rbx
	imulq	$96, %r11, %r11
	addq	%rax, %rbx
	leaq	(%rcx,%r11), %r15
	xchgq	%r14, %r15
.L172:
	movl	4(%r15), %r9d
	movl	(%r15), %r8d
	leaq	.LC59(%rip), %rdx
	xorl	%eax, %eax
	movq	(%rsp), %rcx
	movl	$96, %esi
	movq	%r14, %rdi
	addq	$40, %rbx
	addq	$96, %r14
	call	snprintf@PLT
	movl	$2, -32(%rbx)
	movl	$496, %edi
	call	xmalloc@PLT
	movl	$31, %ecx
	movq	%rax, -40(%rbx)
	movq	%rax, %rdx
	movq	%rax, %rdi
	movq	%rbp, %rax
	rep stosq
	leaq	layouts(%rip), %rax
	leaq	248(%rdx), %rdi
	movq	%r13, (%rdx)
	movq	%rax, 8(%rdx)
	movl	$31, %ecx
	movq	%rbp, %rax
	movl	$2, 16(%rdx)
	movq	%r15, 24(%rdx)
	movl	%r12d, 36(%rdx)
	rep stosq
	leaq	32+layouts(%rip), %rax
	movl	$80, %edi
	movq	%r13, 248(%rdx)
	movq	%rax, 256(%rdx)
	addq	$16, %r13
	movl	$2, 264(%rdx)
	movq	%r15, 272(%rdx)
	movl	%r12d, 284(%rdx)
	call	xmalloc@PLT
	movq	.LC60(%rip), %rcx
	leaq	.LC56(%rip), %rdi
	pxor	%xmm0, %xmm0
	movq	%rdi, 328(%rsp)
	movq	%rcx, 320(%rsp)
	movdqa	320(%rsp), %xmm3
	movq	%rax, -24(%rbx)
	movups	%xmm0, 340(%rsp)
	movups	%xmm3, (%rax)
	movups	%xmm0, 356(%rsp)
	movdqa	352(%rsp), %xmm2
	movups	%xmm0, 372(%rsp)
	movdqa	368(%rsp), %xmm3
	movl	$2, 336(%rsp)
	movdqa	336(%rsp), %xmm4
	movups	%xmm2, 32(%rax)
	movups	%xmm4, 16(%rax)
	movups	%xmm3, 48(%rax)
	movups	%xmm0, 64(%rax)
	leaq	48+increments(%rip), %rax
	movl	$1, -16(%rbx)
	movups	%xmm0, 384(%rsp)
	cmpq	%r13, %rax
	jne	.L172
	addl	$3, 64(%rsp)
	movq	8(%rsp), %rsi
	movq	%r15, %r14
.L171:
	movl	%esi, %eax
	addq	$8, %r14
	addq	$1, %rsi
	cmpl	$3, %eax
	jle	.L173
	cmpl	$0, 64(%rsp)
	je	.L355
.L170:
	movslq	64(%rsp), %r12
	movq	56(%rsp), %rax
	movq	120(%rsp), %rsi
	movq	1136(%rsp), %rcx
	imulq	$40, %r12, %r12
	movq	%rax, %rbp
	addq	$1, %rsi
	addq	%rax, %r12
	.p2align 4,,10
	.p2align 3
.L174:
	movslq	8(%rax), %rdx
	addq	$40, %rax
	imulq	%rsi, %rdx
	addq	%rdx, %rcx
	cmpq	%rax, %r12
	jne	.L174
	movq	%rcx, 1136(%rsp)
	movq	56(%rsp), %rbx
	movq	72(%rsp), %r13
	.p2align 4,,10
	.p2align 3
.L175:
	movq	%rbx, %rdi
	movq	%r13, %rsi
	call	block_alloc@PLT
	movq	%rbx, %rdi
	movq	%r13, %rsi
	addq	$40, %rbx
	call	block_run@PLT
	cmpq	%rbx, %r12
	jne	.L175
	call	now_ns@PLT
	subq	1144(%rsp), %rax
	js	.L176
	pxor	%xmm0, %xmm0
	cvtsi2sdq	%rax, %xmm0
.L177:
	movq	1128(%rsp), %rdx
	movq	stderr(%rip), %rdi
	leaq	.LC62(%rip), %rsi
	movl	$1, %eax
	divsd	.LC61(%rip), %xmm0
	call	fprintf@PLT
	movq	72(%rsp), %rbx
	.p2align 4,,10
	.p2align 3
.L178:
	movq	%rbp, %rdi
	movq	%rbx, %rsi
	addq	$40, %rbp
	call	block_finish@PLT
	cmpq	%rbp, %r12
	jne	.L178
	jmp	.L222
.L249:
	movq	16(%rsp), %rax
	movq	(%rsp), %rbx
	movl	28(%rsp), %r9d
	movl	(%rax,%rbx,4), %ecx
	testl	%r9d, %r9d
	jne	.L195
	leaq	.LC31(%rip), %rdx
	movq	%rdx, %rsi
	jmp	.L196
.L350:
	xorl	%eax, %eax
	movq	%rbx, %rsi
	leaq	.LC70(%rip), %rdi
	call	printf@PLT
	movq	(%r15), %rax
	movslq	36(%rax), %rax
	movsd	872(%rsp,%rax,8), %xmm0
	ucomisd	%xmm0, %xmm0
	jp	.L211
	movapd	%xmm0, %xmm1
	andpd	.LC0(%rip), %xmm1
	ucomisd	.LC1(%rip), %xmm1
	jbe	.L212
.L211:
	leaq	.LC67(%rip), %rsi
	leaq	.LC2(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
.L213:
	movl	$10, %edi
	call	putchar@PLT
	jmp	.L210
.L200:
	movl	$4, %edx
	leaq	.LC67(%rip), %rsi
	movl	$1, %eax
	leaq	.LC3(%rip), %rdi
	call	printf@PLT
	jmp	.L201
.L353:
	movl	%r9d, %esi
	movl	%r13d, %edx
	leaq	.LC54(%rip), %rdi
	xorl	%eax, %eax
	movq	%r11, 8(%rsp)
	movq	%r9, (%rsp)
	call	printf@PLT
	movq	(%rsp), %r9
	movq	16(%rsp), %r8
	movl	%ebx, %edx
	movq	stderr(%rip), %rdi
	movl	%r13d, %ecx
	leaq	.LC55(%rip), %rsi
	xorl	%eax, %eax
	call	fprintf@PLT
	movq	8(%rsp), %r11
	jmp	.L147
.L212:
	movl	$4, %edx
	leaq	.LC67(%rip), %rsi
	movl	$1, %eax
	leaq	.LC3(%rip), %rdi
	call	printf@PLT
	jmp	.L213
.L176:
	movq	%rax, %rdx
	andl	$1, %eax
	pxor	%xmm0, %xmm0
	shrq	%rdx
	orq	%rax, %rdx
	cvtsi2sdq	%rdx, %xmm0
	addsd	%xmm0, %xmm0
	jmp	.L177
.L352:
	call	affinity_supported@PLT
	movl	%eax, 28(%rsp)
	testl	%eax, %eax
	jne	.L138
.L119:
	leaq	.LC51(%rip), %rdi
	call	puts@PLT
	jmp	.L136
.L143:
	cmpq	$0, 424(%rsp)
	je	.L141
	testb	%al, %al
	je	.L141
	xorl	%edi, %edi
	movl	%edi, 68(%rsp)
.L223:
	movq	80(%rsp), %rsi
	xorl	%edx, %edx
	movl	allowed.3(%rip), %edi
	movl	$3, 1792(%rsp)
	movl	$1, %r12d
	call	cache_llc@PLT
	xorl	%esi, %esi
	movq	%r12, %r13
	movl	$-1, 160(%rsp)
	movl	$-1, 168(%rsp)
	movl	$-1, 176(%rsp)
	movl	$-1, 184(%rsp)
	movl	%esi, 108(%rsp)
.L153:
	leal	-1(%r13), %eax
	cmpl	%eax, 48(%rsp)
	jle	.L154
	movq	%r13, %r14
	jmp	.L158
.L357:
	xorl	%edx, %edx
	testl	%ebp, %ebp
	jne	.L155
	movl	$1, %edx
	testl	%r12d, %r12d
	jne	.L155
	movl	$3, %edx
	testl	%eax, %eax
	je	.L155
	xorl	%edx, %edx
	cmpl	$3, 1792(%rsp)
	setl	%dl
	addl	$2, %edx
.L155:
	leaq	160(%rsp,%rdx,8), %rax
	cmpl	$0, (%rax)
	jns	.L156
	addl	$1, 108(%rsp)
	movd	%ebx, %xmm0
	movd	%r15d, %xmm4
	punpckldq	%xmm4, %xmm0
	movq	%xmm0, (%rax)
.L156:
	addq	$1, %r14
.L158:
	cmpl	%r14d, 48(%rsp)
	jle	.L356
	leaq	-4+allowed.3(%rip), %rax
	movl	(%rax,%r13,4), %ebx
	addq	$4, %rax
	movl	(%rax,%r14,4), %r15d
	movl	%ebx, %edi
	movl	%r15d, %esi
	call	cpus_are_smt_siblings@PLT
	movl	$2, %edx
	movl	%r15d, %esi
	movl	%ebx, %edi
	movl	%eax, %ebp
	call	cpus_share_cache@PLT
	movl	1792(%rsp), %edx
	movl	%r15d, %esi
	movl	%ebx, %edi
	movl	%eax, %r12d
	call	cpus_share_cache@PLT
	movl	%ebp, %edx
	orl	%r12d, %edx
	orl	%eax, %edx
	jns	.L357
	xorl	%ecx, %ecx
	movl	%ecx, 108(%rsp)
.L154:
	leaq	832(%rsp), %rdi
	subq	$32, %rsp
	.cfi_def_cfa_offset 3104
	movq	%rdi, 104(%rsp)
	movq	432(%rsp), %rsi
	movdqa	160(%rsp), %xmm2
	movdqa	176(%rsp), %xmm4
	movups	%xmm2, (%rsp)
	movups	%xmm4, 16(%rsp)
	call	run_init@PLT
	addq	$32, %rsp
	.cfi_def_cfa_offset 3072
	cmpl	$0, 68(%rsp)
	jne	.L225
	xorl	%eax, %eax
	xorl	%ebx, %ebx
	cmpl	$0, 108(%rsp)
	movl	%eax, 52(%rsp)
	leaq	1152(%rsp), %rax
	movq	%rax, 56(%rsp)
	jne	.L168
	jmp	.L169
.L179:
	cmpl	$0, 68(%rsp)
	jne	.L186
	cmpl	$0, 64(%rsp)
	jne	.L205
	jmp	.L206
.L237:
	movl	$4, 64(%rsp)
	movl	$4, 52(%rsp)
	jmp	.L170
.L356:
	addq	$1, %r13
	jmp	.L153
.L207:
	cmpl	$0, 64(%rsp)
	je	.L206
	jmp	.L214
.L355:
	movl	52(%rsp), %eax
	movl	68(%rsp), %ebx
	movl	%eax, 68(%rsp)
	jmp	.L169
.L220:
	movq	%rax, %rdx
	andl	$1, %eax
	pxor	%xmm0, %xmm0
	shrq	%rdx
	orq	%rax, %rdx
	cvtsi2sdq	%rdx, %xmm0
	addsd	%xmm0, %xmm0
	jmp	.L221
.L354:
	leaq	1152(%rsp), %rax
	xorl	%ebx, %ebx
	movq	%rax, 56(%rsp)
	jmp	.L169
.L102:
	movq	%rbx, %rsi
	leaq	.LC37(%rip), %rdi
	xorl	%eax, %eax
	call	die_usage@PLT
	.cfi_endproc
.LFE41:
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
.LC73:
	.string	"smt"
.LC74:
	.string	"shared_l2"
.LC75:
	.string	"shared_l3_only"
.LC76:
	.string	"across_l3"
	.section	.data.rel.ro.local,"aw"
	.align 32
	.type	pair_name, @object
	.size	pair_name, 32
pair_name:
	.quad	.LC73
	.quad	.LC74
	.quad	.LC75
	.quad	.LC76
	.section	.rodata.str1.1
.LC77:
	.string	"adjacent"
.LC78:
	.string	"pad64"
.LC79:
	.string	"pad128"
	.section	.data.rel.ro.local
	.align 32
	.type	layouts, @object
	.size	layouts, 48
layouts:
	.quad	.LC77
	.quad	8
	.quad	.LC78
	.quad	64
	.quad	.LC79
	.quad	128
	.section	.rodata.str1.1
.LC80:
	.string	"store"
.LC81:
	.string	"rmw"
.LC82:
	.string	"atomic"
.LC83:
	.string	"register"
	.section	.data.rel.ro.local
	.align 32
	.type	increments, @object
	.size	increments, 64
increments:
	.quad	.LC80
	.quad	inc_store
	.quad	.LC81
	.quad	inc_rmw
	.quad	.LC82
	.quad	inc_atomic
	.quad	.LC83
	.quad	inc_register
	.section	.rodata.cst16,"aM",@progbits,16
	.align 16
.LC0:
	.long	-1
	.long	2147483647
	.long	0
	.long	0
	.section	.rodata.cst8,"aM",@progbits,8
	.align 8
.LC1:
	.long	-1
	.long	2146435071
	.align 8
.LC43:
	.long	0
	.long	1076101120
	.align 8
.LC46:
	.long	1717986918
	.long	1072850534
	.align 8
.LC47:
	.long	1202590843
	.long	1066695393
	.align 8
.LC60:
	.long	0
	.long	1
	.align 8
.LC61:
	.long	0
	.long	1104006501
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
