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
.LFB44:
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
.LFE44:
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
.LFB45:
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
.LFE45:
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
	.string	"granted"
.LC31:
	.string	"none"
.LC32:
	.string	"refused"
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
	.align 8
.LC72:
	.string	"cannot write the results to stdout"
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LFB42:
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
	je	.L349
.L254:
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
.L332:
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
.L349:
	.cfi_restore_state
	cmpb	$104, 1(%rbx)
	jne	.L254
	cmpb	$0, 2(%rbx)
	je	.L101
	jmp	.L254
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
	leaq	srcs.2(%rip), %rbp
	leaq	12(%rbp), %r13
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
	movl	%eax, 52(%rsp)
	xorl	%eax, %eax
	call	printf@PLT
	leaq	1792(%rsp), %rax
	movq	%r15, 16(%rsp)
	movq	%rax, 64(%rsp)
	movl	%r12d, 8(%rsp)
	movq	%rbp, %r12
.L110:
	movl	(%r12), %r14d
	movq	64(%rsp), %rdx
	xorl	%esi, %esi
	movl	$8, %ecx
	movl	%r14d, %edi
	call	cache_levels@PLT
	testl	%eax, %eax
	jle	.L114
	movslq	%eax, %rcx
	movq	64(%rsp), %rdi
	imulq	$152, %rcx, %rcx
	movq	%rdi, %rbx
	leaq	(%rdi,%rcx), %r15
	jmp	.L113
	.p2align 4,,10
	.p2align 3
.L112:
	addq	$152, %rbx
	cmpq	%r15, %rbx
	je	.L114
.L113:
	cmpl	$1, (%rbx)
	jne	.L112
	movq	16(%rbx), %rbp
	testq	%rbp, %rbp
	jle	.L112
	movl	%r14d, %edi
	addq	$152, %rbx
	call	cache_source_name@PLT
	movq	%rbp, %rdx
	leaq	.LC45(%rip), %rdi
	movq	%rax, %rsi
	xorl	%eax, %eax
	call	printf@PLT
	cmpq	%r15, %rbx
	jne	.L113
.L114:
	addq	$4, %r12
	cmpq	%r13, %r12
	jne	.L110
	movl	8(%rsp), %r12d
	movq	16(%rsp), %r15
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
	movl	68(%rsp), %r9d
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
	jne	.L115
.L118:
	xorl	%r11d, %r11d
	movl	%r11d, 40(%rsp)
.L116:
	leaq	.LC50(%rip), %rdi
	call	puts@PLT
.L136:
	cmpq	$0, 416(%rsp)
	je	.L139
	cmpl	$0, 40(%rsp)
	je	.L120
.L139:
	cmpl	$1, 40(%rsp)
	setg	%al
	cmpq	$0, 560(%rsp)
	movl	%eax, %r13d
	je	.L143
.L140:
	subl	$1, %r12d
	movq	%r15, %r11
	movl	40(%rsp), %r14d
	movl	52(%rsp), %r15d
	leaq	.LC53(%rip), %rax
	leaq	.LC12(%rip), %rbx
	movb	%r13b, 32(%rsp)
	cmovne	%rax, %rbx
	xorl	%eax, %eax
	leaq	cpus_t.1(%rip), %r12
	xorl	%ebp, %ebp
	movl	%eax, %r13d
	movq	%rbx, 24(%rsp)
	.p2align 4,,10
	.p2align 3
.L151:
	movq	32(%r11,%rbp,8), %r9
	movl	%r9d, %ebx
	cmpl	%r9d, %r15d
	jge	.L148
	movl	568(%rsp), %r8d
	testl	%r8d, %r8d
	je	.L350
.L148:
	movslq	%r13d, %r8
	testl	%r9d, %r9d
	jle	.L150
	testl	%r14d, %r14d
	je	.L150
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
	cmpl	%r9d, %r15d
	movl	%r9d, 192(%rsp,%r8,4)
	setl	%al
	addl	$1, %r13d
	movl	%eax, 256(%rsp,%r8,4)
.L147:
	addq	$1, %rbp
	cmpq	560(%rsp), %rbp
	jb	.L151
	cmpq	$0, 424(%rsp)
	movl	%r13d, 104(%rsp)
	movzbl	32(%rsp), %r13d
	je	.L152
	testb	%r13b, %r13b
	jne	.L227
.L152:
	leaq	832(%rsp), %rdi
	subq	$32, %rsp
	.cfi_def_cfa_offset 3104
	movq	%rdi, 40(%rsp)
	movq	432(%rsp), %rsi
	movdqa	160(%rsp), %xmm4
	movdqa	176(%rsp), %xmm2
	movups	%xmm4, (%rsp)
	movups	%xmm2, 16(%rsp)
	call	run_init@PLT
	addq	$32, %rsp
	.cfi_def_cfa_offset 3072
	xorl	%eax, %eax
	cmpl	$0, 104(%rsp)
	movl	%eax, 108(%rsp)
	je	.L351
.L229:
	movl	104(%rsp), %edi
	leaq	1152(%rsp), %r15
	leaq	increments(%rip), %r14
	movq	%r15, 56(%rsp)
	leal	(%rdi,%rdi,2), %ecx
	movslq	%ecx, %rax
	movl	%ecx, 96(%rsp)
	imulq	$248, %rax, %rbx
	imulq	$80, %rax, %rax
	movq	%rbx, 80(%rsp)
	movslq	%edi, %rbx
	leaq	256(%rsp), %rdi
	movq	%rax, 88(%rsp)
	leaq	1312(%rsp), %rax
	movq	%rdi, 24(%rsp)
	movq	%rax, 112(%rsp)
	leaq	192(%rsp), %rax
	movq	%rax, %rcx
	.p2align 4,,10
	.p2align 3
.L166:
	movl	96(%rsp), %eax
	movq	80(%rsp), %rdi
	movq	%rcx, 16(%rsp)
	xorl	%ebp, %ebp
	movl	$-1, %r13d
	movl	%eax, 8(%r15)
	call	xmalloc@PLT
	movq	88(%rsp), %rdi
	movq	%rax, (%r15)
	call	xmalloc@PLT
	movq	16(%rsp), %rcx
	movq	%rax, 16(%r15)
	movq	%rax, %r8
	jmp	.L161
	.p2align 4,,10
	.p2align 3
.L240:
	movq	%rax, %rbp
.L161:
	cmpl	$1, (%rcx,%rbp,4)
	leaq	1(%rbp), %rax
	cmove	%ebp, %r13d
	cmpq	%rax, %rbx
	jne	.L240
	leal	2(%r13,%r13,2), %eax
	movq	%rbx, 72(%rsp)
	xorl	%r9d, %r9d
	xorl	%r12d, %r12d
	movl	%eax, 48(%rsp)
	movl	%r13d, %eax
	pxor	%xmm0, %xmm0
	notl	%eax
	movq	%rbp, 16(%rsp)
	movq	%r15, %rbp
	shrl	$31, %eax
	movl	%r13d, 32(%rsp)
	movq	%rcx, %r13
	movl	%eax, 44(%rsp)
	movq	(%r15), %rax
	movq	%rax, %r15
	.p2align 4,,10
	.p2align 3
.L162:
	movl	40(%rsp), %edx
	movq	%r9, %r10
	movd	%r9d, %xmm4
	leal	(%r9,%r9,2), %ebx
	salq	$8, %r10
	leaq	cpus_t.1(%rip), %rax
	movl	0(%r13,%r9,4), %r11d
	leaq	layouts(%rip), %rsi
	addq	%rax, %r10
	xorl	%eax, %eax
	testl	%edx, %edx
	movq	%r15, %rdx
	cmove	%rax, %r10
	movq	24(%rsp), %rax
	movd	(%rax,%r9,4), %xmm1
	punpckldq	%xmm4, %xmm1
.L163:
	movq	%rdx, %rdi
	xorl	%eax, %eax
	movl	$31, %ecx
	addq	$248, %rdx
	rep stosq
	movq	%rsi, -240(%rdx)
	addq	$16, %rsi
	leaq	48+layouts(%rip), %rax
	movq	%r14, -248(%rdx)
	movl	%r11d, -232(%rdx)
	movq	%r10, -224(%rdx)
	movq	%xmm1, -216(%rdx)
	cmpq	%rax, %rsi
	jne	.L163
	leal	2(%rbx), %ecx
	movslq	%r12d, %rdx
	leaq	.LC56(%rip), %rax
	movl	%ebx, 1792(%rsp)
	movq	%rax, 1800(%rsp)
	leaq	(%rdx,%rdx,4), %rdx
	addl	$1, %ebx
	leaq	.LC57(%rip), %rax
	movl	%ecx, 1796(%rsp)
	salq	$4, %rdx
	movdqa	1792(%rsp), %xmm5
	leal	2(%r12), %esi
	movups	%xmm0, 1812(%rsp)
	movups	%xmm0, 1844(%rsp)
	movups	%xmm0, 1828(%rsp)
	movl	%r11d, 1808(%rsp)
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
	movl	%ecx, 1796(%rsp)
	movq	%rax, 1800(%rsp)
	movdqa	1792(%rsp), %xmm2
	movups	%xmm0, 1812(%rsp)
	movl	%r11d, 1808(%rsp)
	movups	%xmm0, 1828(%rsp)
	movups	%xmm0, 1844(%rsp)
	movl	%esi, 24(%rbp)
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
	cmpl	%r9d, 32(%rsp)
	je	.L164
	cmpb	$0, 44(%rsp)
	je	.L164
	movl	48(%rsp), %eax
	movl	%ecx, 1792(%rsp)
	addl	$3, %r12d
	movups	%xmm0, 1844(%rsp)
	movl	%eax, 1796(%rsp)
	leaq	.LC58(%rip), %rax
	movq	%rax, 1800(%rsp)
	movdqa	1792(%rsp), %xmm2
	movups	%xmm0, 1812(%rsp)
	movups	%xmm0, 1828(%rsp)
	movl	%r11d, 1808(%rsp)
	movups	%xmm0, 1856(%rsp)
	movl	%r12d, 24(%rbp)
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
	movq	16(%rsp), %rax
	leaq	1(%r9), %rdx
	addq	$744, %r15
	cmpq	%rax, %r9
	je	.L165
	movl	24(%rbp), %r12d
	movq	%rdx, %r9
	jmp	.L162
	.p2align 4,,10
	.p2align 3
.L165:
	movq	%rbp, %r15
	movq	72(%rsp), %rbx
	movq	%r13, %rcx
	addq	$16, %r14
	addq	$40, %r15
	cmpq	%r15, 112(%rsp)
	jne	.L166
	cmpl	$0, 108(%rsp)
	je	.L242
	movl	$4, 44(%rsp)
.L168:
	movslq	44(%rsp), %rax
	leaq	160(%rsp), %r15
	movl	$1, %esi
	movl	%eax, 48(%rsp)
	movq	%rax, 32(%rsp)
	.p2align 4,,10
	.p2align 3
.L173:
	movl	(%r15), %eax
	testl	%eax, %eax
	js	.L171
	leaq	-8+pair_name(%rip), %rax
	movq	32(%rsp), %rdi
	movq	%rsi, 24(%rsp)
	xorl	%ebp, %ebp
	movq	(%rax,%rsi,8), %rax
	leaq	increments(%rip), %r13
	movq	%rax, 16(%rsp)
	movl	104(%rsp), %eax
	leal	-1(%rax,%rsi), %r12d
	movslq	48(%rsp), %rax
	movq	%rax, %r11
	imulq	$40, %rax, %rax
	subq	%rdi, %r11
	movq	64(%rsp), %rdi
	imulq	$96, %r11, %r11
	leaq	(%rdi,%r11), %r14
	movq	56(%rsp), %rdi
	xchgq	%r15, %r14
	leaq	(%rdi,%rax), %rbx
.L172:
	movl	4(%r14), %r9d
	movl	(%r14), %r8d
	leaq	.LC59(%rip), %rdx
	xorl	%eax, %eax
	movq	16(%rsp), %rcx
	movl	$96, %esi
	movq	%r15, %rdi
	addq	$40, %rbx
	addq	$96, %r15
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
	movq	%r14, 24(%rdx)
	movl	%r12d, 36(%rdx)
	rep stosq
	leaq	32+layouts(%rip), %rax
	movl	$80, %edi
	movq	%r13, 248(%rdx)
	movq	%rax, 256(%rdx)
	addq	$16, %r13
	movl	$2, 264(%rdx)
	movq	%r14, 272(%rdx)
	movl	%r12d, 284(%rdx)
	call	xmalloc@PLT
	movq	.LC60(%rip), %rdi
	pxor	%xmm0, %xmm0
	movl	$2, 336(%rsp)
	movq	%rax, -24(%rbx)
	movq	%rdi, 320(%rsp)
	leaq	.LC56(%rip), %rdi
	movq	%rdi, 328(%rsp)
	movdqa	320(%rsp), %xmm3
	movups	%xmm0, 340(%rsp)
	movdqa	336(%rsp), %xmm4
	movups	%xmm3, (%rax)
	movups	%xmm0, 356(%rsp)
	movdqa	352(%rsp), %xmm2
	movups	%xmm0, 372(%rsp)
	movdqa	368(%rsp), %xmm3
	movups	%xmm4, 16(%rax)
	movups	%xmm2, 32(%rax)
	movups	%xmm3, 48(%rax)
	movups	%xmm0, 64(%rax)
	leaq	48+increments(%rip), %rax
	movl	$1, -16(%rbx)
	movups	%xmm0, 384(%rsp)
	cmpq	%r13, %rax
	jne	.L172
	addl	$3, 48(%rsp)
	movq	24(%rsp), %rsi
	movq	%r14, %r15
.L171:
	movl	%esi, %eax
	addq	$8, %r15
	addq	$1, %rsi
	cmpl	$3, %eax
	jle	.L173
	cmpl	$0, 48(%rsp)
	je	.L352
.L170:
	movslq	48(%rsp), %r12
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
	movq	8(%rsp), %r13
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
	movq	8(%rsp), %rbx
	.p2align 4,,10
	.p2align 3
.L178:
	movq	%rbp, %rdi
	movq	%rbx, %rsi
	addq	$40, %rbp
	call	block_finish@PLT
	cmpq	%r12, %rbp
	jne	.L178
.L226:
	movl	44(%rsp), %ebx
	movq	56(%rsp), %r15
	movl	%ebx, %esi
	movq	%r15, %rdi
	call	adjust_table
	movslq	%ebx, %rax
	movl	48(%rsp), %esi
	imulq	$40, %rax, %r12
	subl	%ebx, %esi
	leaq	(%r15,%r12), %r13
	movq	%r13, %rdi
	call	adjust_table
	testl	%ebx, %ebx
	je	.L179
	movq	%r12, 16(%rsp)
	movq	%r15, %r12
	movq	8(%rsp), %r15
	leaq	.LC12(%rip), %rbp
	leaq	.LC63(%rip), %rbx
	.p2align 4,,10
	.p2align 3
.L180:
	movl	8(%r12), %eax
	xorl	%r14d, %r14d
	testl	%eax, %eax
	jle	.L183
	.p2align 4,,10
	.p2align 3
.L181:
	movq	%r14, %rax
	movq	(%r12), %rdx
	movq	%r15, %r8
	movq	%r12, %rcx
	salq	$5, %rax
	movq	%rbp, %rsi
	movq	%rbx, %rdi
	subq	%r14, %rax
	addq	$1, %r14
	leaq	(%rdx,%rax,8), %rdx
	call	print_cell
	cmpl	%r14d, 8(%r12)
	jg	.L181
.L183:
	addq	$40, %r12
	cmpq	%r13, %r12
	jne	.L180
	cmpl	$0, 104(%rsp)
	movq	16(%rsp), %r12
	je	.L187
.L186:
	movl	40(%rsp), %eax
	xorl	%edi, %edi
	movq	%r12, 96(%rsp)
	movq	%r13, 112(%rsp)
	testl	%eax, %eax
	movq	56(%rsp), %rax
	setg	%dil
	setne	88(%rsp)
	xorl	%r11d, %r11d
	xorl	%r15d, %r15d
	leaq	(%r12,%rax), %r14
	leaq	192(%rsp), %rax
	movl	%edi, 72(%rsp)
	movq	%rax, 80(%rsp)
	leaq	256(%rsp), %rax
	movq	%r11, 16(%rsp)
	movq	%rax, 24(%rsp)
	.p2align 4,,10
	.p2align 3
.L185:
	movl	44(%rsp), %r10d
	movq	56(%rsp), %rsi
	movl	72(%rsp), %ecx
	testl	%r10d, %r10d
	je	.L191
	.p2align 4,,10
	.p2align 3
.L190:
	movq	(%rsi), %rdx
	xorl	%eax, %eax
	addq	%r15, %rdx
.L192:
	addl	$1, %eax
	andl	108(%rdx), %ecx
	addq	$248, %rdx
	cmpl	$3, %eax
	jne	.L192
	addq	$40, %rsi
	cmpq	%r14, %rsi
	jne	.L190
.L191:
	movq	80(%rsp), %rax
	movq	16(%rsp), %rdi
	movl	%ecx, 32(%rsp)
	movl	(%rax,%rdi,4), %ebx
	xorl	%eax, %eax
	leaq	.LC64(%rip), %rdi
	movl	%ebx, %esi
	call	printf@PLT
	testl	%ebx, %ebx
	movl	32(%rsp), %ecx
	jle	.L253
	cmpb	$0, 88(%rsp)
	je	.L253
	movq	16(%rsp), %r10
	movl	%ecx, 32(%rsp)
	xorl	%r13d, %r13d
	leaq	cpus_t.1(%rip), %rax
	leaq	.LC11(%rip), %r12
	salq	$8, %r10
	leaq	(%r10,%rax), %rbp
	.p2align 4,,10
	.p2align 3
.L198:
	testq	%r13, %r13
	leaq	.LC12(%rip), %rsi
	movl	0(%rbp,%r13,4), %edx
	leaq	.LC65(%rip), %rdi
	cmovne	%r12, %rsi
	xorl	%eax, %eax
	addq	$1, %r13
	call	printf@PLT
	cmpl	%r13d, %ebx
	jg	.L198
	movq	24(%rsp), %rax
	movq	16(%rsp), %rdi
	movl	32(%rsp), %ecx
	movl	(%rax,%rdi,4), %eax
.L195:
	testl	%ecx, %ecx
	leaq	.LC30(%rip), %rdx
	leaq	.LC32(%rip), %rcx
	cmove	%rcx, %rdx
	leaq	.LC12(%rip), %rsi
.L196:
	movl	52(%rsp), %r8d
	movl	%eax, %ecx
	leaq	.LC66(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
	movq	8(%rsp), %rax
	movq	16(%rsp), %rdi
	movsd	40(%rax,%rdi,8), %xmm0
	ucomisd	%xmm0, %xmm0
	jp	.L200
	movapd	%xmm0, %xmm1
	andpd	.LC0(%rip), %xmm1
	ucomisd	.LC1(%rip), %xmm1
	jbe	.L201
.L200:
	leaq	.LC67(%rip), %rsi
	leaq	.LC2(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
.L202:
	movl	$10, %edi
	addq	$744, %r15
	call	putchar@PLT
	addq	$1, 16(%rsp)
	movq	16(%rsp), %rax
	cmpl	%eax, 104(%rsp)
	jg	.L185
	cmpl	$0, 44(%rsp)
	movq	96(%rsp), %r12
	movq	112(%rsp), %r13
	je	.L188
.L187:
	movq	56(%rsp), %rax
	leaq	.LC12(%rip), %rbp
	leaq	.LC7(%rip), %rbx
	movq	%rax, %r15
	addq	%rax, %r12
	.p2align 4,,10
	.p2align 3
.L189:
	movl	24(%r15), %r8d
	xorl	%r14d, %r14d
	testl	%r8d, %r8d
	jle	.L205
	.p2align 4,,10
	.p2align 3
.L204:
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
	jg	.L204
.L205:
	addq	$40, %r15
	cmpq	%r12, %r15
	jne	.L189
.L188:
	movl	48(%rsp), %edi
	cmpl	%edi, 44(%rsp)
	jge	.L208
.L206:
	movl	44(%rsp), %edi
	movl	48(%rsp), %eax
	movq	%r13, %r15
	leaq	.LC68(%rip), %rbp
	movq	64(%rsp), %rbx
	leaq	.LC69(%rip), %r13
	movq	%r15, %r14
	subl	%edi, %eax
	xorl	%edi, %edi
	movq	%rax, 32(%rsp)
	movq	%rdi, 16(%rsp)
	.p2align 4,,10
	.p2align 3
.L209:
	movl	16(%rsp), %eax
	movl	8(%r14), %esi
	xorl	%r12d, %r12d
	xorl	%r15d, %r15d
	movl	%eax, 24(%rsp)
	testl	%esi, %esi
	jle	.L216
	.p2align 4,,10
	.p2align 3
.L210:
	movq	(%r14), %rdx
	movq	8(%rsp), %r8
	movq	%r14, %rcx
	movq	%rbx, %rsi
	movq	%rbp, %rdi
	addl	$1, %r15d
	addq	%r12, %rdx
	addq	$248, %r12
	call	print_cell
	cmpl	8(%r14), %r15d
	jl	.L210
.L216:
	movq	16(%r14), %rcx
	movq	(%r14), %rdx
	movq	%rbx, %rsi
	movq	%r13, %rdi
	movq	832(%rsp), %r8
	call	print_ratio.isra.0
	imull	$-1431655765, 24(%rsp), %r15d
	cmpl	$1431655765, %r15d
	jbe	.L353
.L211:
	addq	$1, 16(%rsp)
	movq	32(%rsp), %rdi
	addq	$40, %r14
	addq	$96, %rbx
	movq	16(%rsp), %rax
	cmpq	%rdi, %rax
	jne	.L209
.L215:
	movslq	48(%rsp), %rbp
	movq	56(%rsp), %rbx
	imulq	$40, %rbp, %rbp
	addq	%rbx, %rbp
	.p2align 4,,10
	.p2align 3
.L220:
	movq	%rbx, %rdi
	addq	$40, %rbx
	call	block_free@PLT
	movq	-40(%rbx), %rdi
	call	free@PLT
	movq	-24(%rbx), %rdi
	call	free@PLT
	cmpq	%rbp, %rbx
	jne	.L220
.L207:
	cmpq	$0, 424(%rsp)
	je	.L219
	cmpl	$0, 108(%rsp)
	jne	.L219
	cmpl	$0, 40(%rsp)
	leaq	.LC33(%rip), %rax
	leaq	.LC34(%rip), %rsi
	cmovne	%rax, %rsi
	leaq	.LC71(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
.L219:
	movq	stdout(%rip), %rdi
	call	fflush@PLT
	testl	%eax, %eax
	jne	.L223
	movq	stdout(%rip), %rdi
	call	ferror@PLT
	testl	%eax, %eax
	je	.L332
.L223:
	leaq	.LC72(%rip), %rdi
	xorl	%eax, %eax
	call	die@PLT
	.p2align 4,,10
	.p2align 3
.L253:
	movq	24(%rsp), %rax
	movq	16(%rsp), %rdi
	movl	40(%rsp), %r9d
	movl	(%rax,%rdi,4), %eax
	testl	%r9d, %r9d
	jne	.L195
	leaq	.LC31(%rip), %rdx
	movq	%rdx, %rsi
	jmp	.L196
.L353:
	xorl	%eax, %eax
	movq	%rbx, %rsi
	leaq	.LC70(%rip), %rdi
	call	printf@PLT
	movq	(%r14), %rax
	movslq	36(%rax), %rax
	movsd	872(%rsp,%rax,8), %xmm0
	ucomisd	%xmm0, %xmm0
	jp	.L212
	movapd	%xmm0, %xmm1
	andpd	.LC0(%rip), %xmm1
	ucomisd	.LC1(%rip), %xmm1
	jbe	.L213
.L212:
	leaq	.LC67(%rip), %rsi
	leaq	.LC2(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
.L214:
	movl	$10, %edi
	call	putchar@PLT
	jmp	.L211
.L201:
	movl	$4, %edx
	leaq	.LC67(%rip), %rsi
	movl	$1, %eax
	leaq	.LC3(%rip), %rdi
	call	printf@PLT
	jmp	.L202
.L350:
	movl	%r9d, %esi
	movl	%r15d, %edx
	leaq	.LC54(%rip), %rdi
	xorl	%eax, %eax
	movq	%r11, 16(%rsp)
	movq	%r9, 8(%rsp)
	call	printf@PLT
	movq	8(%rsp), %r9
	movl	%r15d, %ecx
	movl	%ebx, %edx
	movq	24(%rsp), %r8
	movq	stderr(%rip), %rdi
	leaq	.LC55(%rip), %rsi
	xorl	%eax, %eax
	call	fprintf@PLT
	movq	16(%rsp), %r11
	jmp	.L147
.L213:
	movl	$4, %edx
	leaq	.LC67(%rip), %rsi
	movl	$1, %eax
	leaq	.LC3(%rip), %rdi
	call	printf@PLT
	jmp	.L214
.L176:
	movq	%rax, %rdx
	andl	$1, %eax
	pxor	%xmm0, %xmm0
	shrq	%rdx
	orq	%rax, %rdx
	cvtsi2sdq	%rdx, %xmm0
	addsd	%xmm0, %xmm0
	jmp	.L177
.L115:
	call	affinity_supported@PLT
	testl	%eax, %eax
	jne	.L117
	cmpq	$0, 416(%rsp)
	je	.L118
	call	affinity_supported@PLT
	movl	%eax, 40(%rsp)
	testl	%eax, %eax
	je	.L119
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
	movl	%r9d, 40(%rsp)
	jne	.L140
.L141:
	leaq	832(%rsp), %rdi
	subq	$32, %rsp
	.cfi_def_cfa_offset 3104
	xorl	%ebx, %ebx
	movq	%rdi, 40(%rsp)
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
	movl	%edx, 104(%rsp)
	movq	%rax, 56(%rsp)
.L169:
	call	now_ns@PLT
	subq	1144(%rsp), %rax
	js	.L224
	pxor	%xmm0, %xmm0
	cvtsi2sdq	%rax, %xmm0
.L225:
	movq	1128(%rsp), %rdx
	movq	stderr(%rip), %rdi
	leaq	.LC62(%rip), %rsi
	movl	$1, %eax
	divsd	.LC61(%rip), %xmm0
	call	fprintf@PLT
	movl	104(%rsp), %eax
	xorl	%ecx, %ecx
	movl	%ebx, 104(%rsp)
	movl	%ecx, 48(%rsp)
	movl	%eax, 44(%rsp)
	jmp	.L226
.L143:
	cmpq	$0, 424(%rsp)
	je	.L141
	testb	%al, %al
	je	.L141
	xorl	%edi, %edi
	movl	%edi, 104(%rsp)
.L227:
	movq	64(%rsp), %rsi
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
	cmpl	%eax, 52(%rsp)
	jle	.L154
	movq	%r13, %r14
	jmp	.L158
.L355:
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
	cmpl	%r14d, 52(%rsp)
	jle	.L354
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
	jns	.L355
	xorl	%ecx, %ecx
	movl	%ecx, 108(%rsp)
.L154:
	leaq	832(%rsp), %rdi
	subq	$32, %rsp
	.cfi_def_cfa_offset 3104
	movq	%rdi, 40(%rsp)
	movq	432(%rsp), %rsi
	movdqa	160(%rsp), %xmm2
	movdqa	176(%rsp), %xmm4
	movups	%xmm2, (%rsp)
	movups	%xmm4, 16(%rsp)
	call	run_init@PLT
	addq	$32, %rsp
	.cfi_def_cfa_offset 3072
	cmpl	$0, 104(%rsp)
	jne	.L229
	xorl	%eax, %eax
	xorl	%ebx, %ebx
	cmpl	$0, 108(%rsp)
	movl	%eax, 44(%rsp)
	leaq	1152(%rsp), %rax
	movq	%rax, 56(%rsp)
	jne	.L168
	jmp	.L169
.L119:
	leaq	.LC51(%rip), %rdi
	call	puts@PLT
	jmp	.L136
.L242:
	movl	$4, 48(%rsp)
	movl	$4, 44(%rsp)
	jmp	.L170
.L117:
	movq	64(%rsp), %rsi
	movl	allowed.3(%rip), %edi
	xorl	%edx, %edx
	movl	%r12d, %r13d
	movl	$3, 1792(%rsp)
	call	cache_llc@PLT
	xorl	%r10d, %r10d
	movq	%r15, 16(%rsp)
	xorl	%esi, %esi
	movl	%r10d, 40(%rsp)
	movl	%esi, %ecx
.L122:
	movl	$1, %r15d
	testl	%r13d, %r13d
	jle	.L134
	movl	%r13d, 24(%rsp)
	movl	%ecx, 8(%rsp)
	.p2align 4,,10
	.p2align 3
.L132:
	leaq	-4+allowed.3(%rip), %rax
	movl	(%rax,%r15,4), %ebx
	movslq	40(%rsp), %rax
	testl	%eax, %eax
	je	.L231
	leaq	576(%rsp), %r13
	xorl	%ebp, %ebp
	xorl	%r14d, %r14d
	leaq	0(%r13,%rax,4), %r12
	.p2align 4,,10
	.p2align 3
.L124:
	movl	0(%r13), %edi
	xorl	%eax, %eax
	movl	%ebx, %esi
	cmpl	%edi, %ebx
	sete	%al
	orl	%eax, %r14d
	call	cpus_are_smt_siblings@PLT
	cmpl	$1, %eax
	sete	%al
	addq	$4, %r13
	movzbl	%al, %eax
	orl	%eax, %ebp
	cmpq	%r12, %r13
	jne	.L124
	testl	%r14d, %r14d
	jne	.L129
	movl	576(%rsp), %r12d
.L123:
	movl	$2, %edx
	movl	%ebx, %esi
	movl	%r12d, %edi
	call	cpus_share_cache@PLT
	movl	1792(%rsp), %edx
	movl	%ebx, %esi
	movl	%r12d, %edi
	movl	%eax, %r13d
	call	cpus_share_cache@PLT
	testl	%eax, %eax
	setne	%al
	cmpl	$0, 8(%rsp)
	jne	.L126
	testl	%r13d, %r13d
	setne	%dl
	testb	%al, %dl
	je	.L129
	andb	$1, %bpl
	je	.L127
	.p2align 4,,10
	.p2align 3
.L129:
	cmpl	%r15d, 52(%rsp)
	setg	%dl
	cmpl	$63, 40(%rsp)
	setle	%al
	addq	$1, %r15
	testb	%al, %dl
	jne	.L132
	movl	24(%rsp), %r13d
	movl	8(%rsp), %ecx
.L134:
	addl	$1, %ecx
	cmpl	$3, %ecx
	jg	.L133
	cmpl	$63, 40(%rsp)
	jle	.L122
.L133:
	cmpq	$0, 416(%rsp)
	movq	16(%rsp), %r15
	movl	%r13d, %r12d
	je	.L116
	call	affinity_supported@PLT
	testl	%eax, %eax
	je	.L119
	cmpl	$0, 40(%rsp)
	jne	.L139
	jmp	.L138
.L126:
	xorl	$1, %ebp
	andl	$1, %ebp
	cmpl	$1, 8(%rsp)
	je	.L356
	cmpl	$2, 8(%rsp)
	setne	%al
	orl	%ebp, %eax
	movzbl	%al, %eax
.L131:
	testl	%eax, %eax
	je	.L129
.L127:
	movslq	40(%rsp), %rax
	movl	%ebx, 576(%rsp,%rax,4)
	leal	1(%rax), %eax
	movl	%eax, 40(%rsp)
	jmp	.L129
.L356:
	andl	%ebp, %eax
	movzbl	%al, %eax
	jmp	.L131
.L231:
	xorl	%ebp, %ebp
	movl	%ebx, %r12d
	jmp	.L123
.L208:
	cmpl	$0, 48(%rsp)
	je	.L207
	jmp	.L215
.L179:
	cmpl	$0, 104(%rsp)
	jne	.L186
	cmpl	$0, 48(%rsp)
	jne	.L206
	jmp	.L207
.L354:
	addq	$1, %r13
	jmp	.L153
.L352:
	movl	44(%rsp), %eax
	movl	104(%rsp), %ebx
	movl	%eax, 104(%rsp)
	jmp	.L169
.L224:
	movq	%rax, %rdx
	andl	$1, %eax
	pxor	%xmm0, %xmm0
	shrq	%rdx
	orq	%rax, %rdx
	cvtsi2sdq	%rdx, %xmm0
	addsd	%xmm0, %xmm0
	jmp	.L225
.L351:
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
.LFE42:
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
.LC74:
	.string	"smt"
.LC75:
	.string	"shared_l2"
.LC76:
	.string	"shared_l3_only"
.LC77:
	.string	"across_l3"
	.section	.data.rel.ro.local,"aw"
	.align 32
	.type	pair_name, @object
	.size	pair_name, 32
pair_name:
	.quad	.LC74
	.quad	.LC75
	.quad	.LC76
	.quad	.LC77
	.section	.rodata.str1.1
.LC78:
	.string	"adjacent"
.LC79:
	.string	"pad64"
.LC80:
	.string	"pad128"
	.section	.data.rel.ro.local
	.align 32
	.type	layouts, @object
	.size	layouts, 48
layouts:
	.quad	.LC78
	.quad	8
	.quad	.LC79
	.quad	64
	.quad	.LC80
	.quad	128
	.section	.rodata.str1.1
.LC81:
	.string	"store"
.LC82:
	.string	"rmw"
.LC83:
	.string	"atomic"
.LC84:
	.string	"register"
	.section	.data.rel.ro.local
	.align 32
	.type	increments, @object
	.size	increments, 64
increments:
	.quad	.LC81
	.quad	inc_store
	.quad	.LC82
	.quad	inc_rmw
	.quad	.LC83
	.quad	inc_atomic
	.quad	.LC84
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
