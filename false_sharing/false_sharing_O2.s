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
	.p2align 4
	.type	adjust_table, @function
adjust_table:
.LFB37:
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
	.p2align 6
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
	.p2align 6
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
	.p2align 6
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
	.p2align 6
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
	.p2align 6
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
.LFE37:
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
.LFB45:
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
.LFE45:
	.size	put_iv.isra.0, .-put_iv.isra.0
	.section	.rodata.str1.8,"aMS",@progbits,1
	.align 8
.LC6:
	.string	"RESULT exp=false_sharing kind=%s%s increment=%s compare=%s threads=%d"
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
.LFB46:
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
.LFE46:
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
	.string	"RESULT exp=false_sharing kind=%s%s increment=%s layout=%s threads=%d"
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
	.string	"RESULT exp=false_sharing kind=%s_samples%s increment=%s layout=%s threads=%d"
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
	.string	"RESULT exp=false_sharing kind=%s_cpus%s increment=%s layout=%s threads=%d cpus=%s\n"
	.align 8
.LC29:
	.string	"RESULT exp=false_sharing kind=checksum%s increment=%s layout=%s threads=%d expected=%llu rounds=%ld status=ok\n"
	.text
	.p2align 4
	.type	print_cell, @function
print_cell:
.LFB35:
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
.LFE35:
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
	.ascii	"default 0\n                    where the OS has no affinity "
	.ascii	"API)\n  PAIRS=1           at 2 threads, also measure each CP"
	.ascii	"U-pair class the\n                    topology has (shared L"
	.ascii	"2"
	.string	", shared L3 only, across, SMT)\n  PAIR_CPUS=a,b:name;c,d:name  those pairs instead of the topology's (at most\n                    %d; run.sh names one per class of the core-to-core map)\n  Cycles per increment come from a speed canary run in the same round.\n"
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
	.section	.rodata.str1.1
.LC44:
	.string	"PAIR_CPUS"
	.section	.rodata.str1.8
	.align 8
.LC45:
	.string	"PAIR_CPUS=%s: expected up to %d entries a,b:name separated by ';'"
	.section	.rodata.str1.1
.LC46:
	.string	"%d,%d:%n"
	.section	.rodata.str1.8
	.align 8
.LC47:
	.string	"abcdefghijklmnopqrstuvwxyz0123456789_"
	.align 8
.LC48:
	.string	"PAIR_CPUS=%s: a name is 1-%zu of a-z, 0-9, _"
	.align 8
.LC49:
	.string	"PAIR_CPUS=%s: %d,%d is not two CPUs this process may run on"
	.align 8
.LC50:
	.string	"PAIR_CPUS=%s: the name %s is used twice"
	.section	.rodata.str1.1
.LC51:
	.string	"PAIR_CPUS=%s: trailing ';'"
	.section	.rodata.str1.8
	.align 8
.LC52:
	.string	"RESULT exp=false_sharing kind=line source=compiled_pad_stride line_bytes=%d\n"
	.align 8
.LC53:
	.string	"RESULT exp=false_sharing kind=line source=%s line_bytes=%ld\n"
	.align 8
.LC56:
	.string	"RESULT exp=false_sharing kind=plan iters_log2=%ld reps_min=%ld rounds_max=%ld max_cell_s=%g rel_target=%g abs_floor_ns=%g interference_share=%g slow_canary=%g probes=%s allowed_cpus=%d online_cpus=%d\n"
	.align 8
.LC57:
	.string	"RESULT exp=false_sharing kind=unpinned why=no_allowed_cpu"
	.align 8
.LC58:
	.string	"RESULT exp=false_sharing kind=unpinned why=pin_0"
	.align 8
.LC59:
	.string	"RESULT exp=false_sharing kind=unpinned why=no_affinity_api"
	.align 8
.LC60:
	.string	"false_sharing: PIN=1 but threads cannot be pinned here; running unpinned\n"
	.section	.rodata.str1.1
.LC61:
	.string	"s"
	.section	.rodata.str1.8
	.align 8
.LC62:
	.string	"RESULT exp=false_sharing kind=skip threads=%d allowed_cpus=%d reason=above_allowed_cpus\n"
	.align 8
.LC63:
	.string	"false_sharing: skipping %d threads: this process may run on %d CPU%s (THREADS=%d runs it oversubscribed)\n"
	.section	.rodata.str1.1
.LC64:
	.string	"%s"
.LC65:
	.string	"adjacent_over_pad128"
.LC66:
	.string	"pad64_over_pad128"
.LC67:
	.string	"pad128_over_1thread"
.LC68:
	.string	" class=%s pair=%d,%d"
	.section	.rodata.str1.8
	.align 8
.LC71:
	.string	"false_sharing: done; %ld cell-rounds in %.1f s\n"
	.section	.rodata.str1.1
.LC72:
	.string	"cell"
	.section	.rodata.str1.8
	.align 8
.LC73:
	.string	"RESULT exp=false_sharing kind=placement threads=%d cpus="
	.align 8
.LC74:
	.string	"%s pinning=%s oversubscribed=%d allowed_cpus=%d"
	.section	.rodata.str1.1
.LC75:
	.string	"canary_best_ns"
.LC76:
	.string	"pair"
.LC77:
	.string	"pair_ratio"
	.section	.rodata.str1.8
	.align 8
.LC78:
	.string	"RESULT exp=false_sharing kind=pair_placement%s threads=2"
	.align 8
.LC79:
	.string	"RESULT exp=false_sharing kind=pairs_skip reason=%s\n"
	.align 8
.LC80:
	.string	"cannot write the results to stdout"
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LFB43:
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
	subq	$5032, %rsp
	.cfi_def_cfa_offset 5088
	cmpl	$1, %edi
	jle	.L99
	movq	8(%rsi), %rbx
	cmpb	$45, (%rbx)
	je	.L340
.L246:
	leaq	.LC35(%rip), %rsi
	movq	%rbx, %rdi
	call	strcmp@PLT
	testl	%eax, %eax
	jne	.L102
.L101:
	subq	$8, %rsp
	.cfi_def_cfa_offset 5096
	movl	$18, %edx
	movl	$11, %ecx
	xorl	%eax, %eax
	pushq	$8
	.cfi_def_cfa_offset 5104
	movq	stdout(%rip), %rdi
	movl	$64, %r9d
	movl	$10, %r8d
	leaq	.LC36(%rip), %rsi
	call	fprintf@PLT
	popq	%rax
	.cfi_def_cfa_offset 5096
	popq	%rdx
	.cfi_def_cfa_offset 5088
.L321:
	addq	$5032, %rsp
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
.L340:
	.cfi_restore_state
	cmpb	$104, 1(%rbx)
	jne	.L246
	cmpb	$0, 2(%rbx)
	je	.L101
	jmp	.L246
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
	movq	%rax, 392(%rsp)
	movl	$1, %eax
	leaq	384(%rsp), %r13
	salq	%cl, %rax
	movl	$1, %ecx
	movq	%rax, 384(%rsp)
	call	env_long@PLT
	xorl	%edx, %edx
	movl	$1, %ecx
	movl	$1, %esi
	leaq	.LC40(%rip), %rdi
	movq	%rax, 400(%rsp)
	call	env_long@PLT
	movl	$64, %edx
	movl	$16, %r8d
	movq	%rbp, %rdi
	leaq	416(%rsp), %rcx
	movl	$1, %esi
	movq	%rax, 408(%rsp)
	call	env_long_list@PLT
	xorl	%edx, %edx
	testq	%rax, %rax
	movq	%rax, 544(%rsp)
	setne	%dl
	movl	%edx, 552(%rsp)
	je	.L104
	movq	%r13, %rdi
	xorl	%r8d, %r8d
	.p2align 6
	.p2align 3
.L105:
	addq	$1, %r8
	movq	%rdi, %rsi
	addq	$8, %rdi
	cmpq	%r8, %rax
	je	.L108
	movq	32(%rdi), %rbx
	movq	%r13, %rdx
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
	movdqa	def.0(%rip), %xmm7
	movq	$4, 544(%rsp)
	movaps	%xmm7, 416(%rsp)
	movdqa	16+def.0(%rip), %xmm7
	movaps	%xmm7, 432(%rsp)
.L108:
	movsd	.LC43(%rip), %xmm0
	leaq	144(%rsp), %rdi
	movl	$11, %esi
	leaq	allowed.3(%rip), %r12
	call	reps_plan_from_env@PLT
	movq	144(%rsp), %rax
	movl	$1024, %esi
	movq	%r12, %rdi
	movq	%rax, 80(%rsp)
	call	allowed_cpus@PLT
	movl	%eax, %edi
	movl	%eax, 24(%rsp)
	movl	$1024, %eax
	cmpl	%eax, %edi
	cmovle	%edi, %eax
	leaq	.LC44(%rip), %rdi
	movl	%eax, 68(%rsp)
	movl	%eax, %r14d
	call	getenv@PLT
	movq	%rax, %rbp
	testq	%rax, %rax
	je	.L228
	leaq	1160(%rsp), %r9
	movq	%rax, %r15
	xorl	%eax, %eax
	movq	%rbp, 32(%rsp)
	movl	%eax, 64(%rsp)
	movq	%r9, %rbx
	movq	%r9, 16(%rsp)
	movq	%r13, 40(%rsp)
	movl	%r14d, %r13d
	.p2align 6
	.p2align 3
.L110:
	cmpb	$0, (%r15)
	je	.L341
	movl	$0, 2720(%rsp)
	cmpl	$8, 64(%rsp)
	je	.L112
	xorl	%eax, %eax
	leaq	1600(%rsp), %rcx
	leaq	816(%rsp), %rdx
	movq	%r15, %rdi
	leaq	2720(%rsp), %r8
	leaq	.LC46(%rip), %rsi
	call	__isoc99_sscanf@PLT
	cmpl	$2, %eax
	jne	.L112
	movslq	2720(%rsp), %rbp
	testl	%ebp, %ebp
	je	.L112
	addq	%r15, %rbp
	leaq	.LC47(%rip), %rsi
	movq	%rbp, %rdi
	call	strspn@PLT
	movq	%rax, %r14
	leaq	-1(%rax), %rax
	cmpq	$46, %rax
	ja	.L113
	leaq	0(%rbp,%r14), %rax
	movq	%rax, 8(%rsp)
	movzbl	(%rax), %eax
	cmpb	$59, %al
	je	.L244
	testb	%al, %al
	jne	.L113
.L244:
	movl	816(%rsp), %edi
	movl	1600(%rsp), %r8d
	movl	24(%rsp), %eax
	movd	%edi, %xmm0
	movd	%r8d, %xmm7
	punpckldq	%xmm7, %xmm0
	testl	%eax, %eax
	jle	.L328
	xorl	%eax, %eax
	xorl	%esi, %esi
	.p2align 6
	.p2align 3
.L115:
	movl	(%r12,%rax,4), %ecx
	movl	$1, %edx
	cmpl	%edi, %ecx
	je	.L117
	xorl	%edx, %edx
	cmpl	%r8d, %ecx
	sete	%dl
.L117:
	addq	$1, %rax
	addl	%edx, %esi
	cmpl	%eax, %r13d
	jg	.L115
	cmpl	%r8d, %edi
	je	.L328
	cmpl	$2, %esi
	jne	.L328
	movq	%xmm0, -8(%rbx)
	pxor	%xmm0, %xmm0
	movq	%r14, %rdx
	movq	%rbp, %rsi
	movups	%xmm0, (%rbx)
	movq	%rbx, %rdi
	movups	%xmm0, 16(%rbx)
	movups	%xmm0, 32(%rbx)
	call	memcpy@PLT
	movl	64(%rsp), %r15d
	testl	%r15d, %r15d
	je	.L120
	movq	16(%rsp), %r15
	.p2align 6
	.p2align 3
.L122:
	movq	%rbx, %rsi
	movq	%r15, %rdi
	call	strcmp@PLT
	testl	%eax, %eax
	je	.L342
	addq	$56, %r15
	cmpq	%rbx, %r15
	jne	.L122
.L120:
	movq	8(%rsp), %rax
	movzbl	(%rax), %eax
	cmpb	$59, %al
	je	.L343
.L123:
	xorl	%r15d, %r15d
	cmpb	$59, %al
	sete	%r15b
	addl	$1, 64(%rsp)
	addq	$56, %rbx
	addq	%r14, %r15
	addq	%rbp, %r15
	jmp	.L110
.L343:
	cmpb	$0, 1(%rbp,%r14)
	jne	.L123
	movq	32(%rsp), %rsi
	leaq	.LC51(%rip), %rdi
	xorl	%eax, %eax
	call	die_usage@PLT
.L112:
	movq	32(%rsp), %rbp
	movl	$8, %edx
	leaq	.LC45(%rip), %rdi
	xorl	%eax, %eax
	movq	%rbp, %rsi
	call	die_usage@PLT
.L328:
	movq	32(%rsp), %rbp
	movl	%edi, %edx
	movl	%r8d, %ecx
	xorl	%eax, %eax
	leaq	.LC49(%rip), %rdi
	movq	%rbp, %rsi
	call	die_usage@PLT
.L341:
	movq	40(%rsp), %r13
.L109:
	movl	$128, %esi
	leaq	.LC52(%rip), %rdi
	xorl	%eax, %eax
	xorl	%ebp, %ebp
	call	printf@PLT
	leaq	2720(%rsp), %rax
	movq	%r13, 16(%rsp)
	leaq	srcs.2(%rip), %r15
	movq	%rax, 48(%rsp)
	movq	%rbp, %r13
.L126:
	movl	(%r15,%r13,4), %ebp
	movq	48(%rsp), %rdx
	xorl	%esi, %esi
	movl	$8, %ecx
	movl	%ebp, %edi
	call	cache_levels@PLT
	testl	%eax, %eax
	jle	.L130
	movslq	%eax, %rcx
	movq	48(%rsp), %rdi
	movq	%r13, 8(%rsp)
	movl	%ebp, %r13d
	imulq	$152, %rcx, %rcx
	movq	%rdi, %rbx
	leaq	(%rdi,%rcx), %r14
	jmp	.L129
	.p2align 4,,10
	.p2align 3
.L128:
	addq	$152, %rbx
	cmpq	%r14, %rbx
	je	.L344
.L129:
	cmpl	$1, (%rbx)
	jne	.L128
	movq	16(%rbx), %rbp
	testq	%rbp, %rbp
	jle	.L128
	movl	%r13d, %edi
	call	cache_source_name@PLT
	movq	%rbp, %rdx
	leaq	.LC53(%rip), %rdi
	movq	%rax, %rsi
	xorl	%eax, %eax
	call	printf@PLT
	jmp	.L128
.L344:
	movq	8(%rsp), %r13
.L130:
	addq	$1, %r13
	cmpq	$3, %r13
	jne	.L126
	movq	80(%rsp), %r14
	movq	16(%rsp), %r13
	leaq	10(,%r14,4), %rax
	leaq	0(,%rax,4), %r15
	movq	%r15, 72(%rsp)
	call	online_cpus@PLT
	movl	%eax, %ebx
	call	probe_sources@PLT
	movsd	.LC55(%rip), %xmm2
	movq	%r15, %rcx
	movq	%r14, %rdx
	pushq	%r10
	.cfi_def_cfa_offset 5096
	movsd	.LC54(%rip), %xmm4
	movq	%rax, %r8
	leaq	.LC56(%rip), %rdi
	pushq	%rbx
	.cfi_def_cfa_offset 5104
	movl	84(%rsp), %r9d
	movapd	%xmm2, %xmm3
	movl	$5, %eax
	movsd	184(%rsp), %xmm1
	movq	408(%rsp), %rsi
	movsd	176(%rsp), %xmm0
	call	printf@PLT
	popq	%r11
	.cfi_def_cfa_offset 5096
	popq	%rbx
	.cfi_def_cfa_offset 5088
	cmpq	$0, 400(%rsp)
	jne	.L131
.L134:
	xorl	%r9d, %r9d
	movl	%r9d, 16(%rsp)
.L132:
	leaq	.LC58(%rip), %rdi
	call	puts@PLT
.L153:
	cmpq	$0, 400(%rsp)
	je	.L156
	cmpl	$0, 16(%rsp)
	je	.L136
.L156:
	cmpl	$1, 24(%rsp)
	leaq	.LC61(%rip), %rax
	movl	16(%rsp), %ebp
	movq	%r13, %r10
	leaq	.LC12(%rip), %rdi
	movl	68(%rsp), %r11d
	leaq	cpus_t.1(%rip), %r15
	cmove	%rdi, %rax
	xorl	%ebx, %ebx
	movq	%rax, 8(%rsp)
	xorl	%eax, %eax
	movl	%eax, %r13d
.L158:
	cmpq	544(%rsp), %rbx
	jnb	.L345
	movq	32(%r10,%rbx,8), %r9
	movl	%r9d, %r14d
	cmpl	%r9d, %r11d
	jge	.L159
	cmpl	$0, 552(%rsp)
	je	.L346
.L159:
	testl	%ebp, %ebp
	je	.L337
	testl	%r9d, %r9d
	jle	.L337
	movslq	%r13d, %rdi
	xorl	%ecx, %ecx
	movq	%rdi, %rsi
	salq	$8, %rsi
	addq	%r15, %rsi
	.p2align 6
	.p2align 3
.L161:
	movl	%ecx, %eax
	cltd
	idivl	%ebp
	movslq	%edx, %rdx
	movl	560(%rsp,%rdx,4), %eax
	movl	%eax, (%rsi,%rcx,4)
	addq	$1, %rcx
	cmpl	%ecx, %r14d
	jg	.L161
.L164:
	xorl	%eax, %eax
	cmpl	%r9d, %r11d
	movl	%r9d, 176(%rsp,%rdi,4)
	setl	%al
	addl	$1, %r13d
	movl	%eax, 240(%rsp,%rdi,4)
.L160:
	addq	$1, %rbx
	jmp	.L158
.L346:
	movl	%r11d, %edx
	movl	%r9d, %esi
	leaq	.LC62(%rip), %rdi
	xorl	%eax, %eax
	movq	%r10, 40(%rsp)
	movl	%r11d, 24(%rsp)
	movq	%r9, 32(%rsp)
	call	printf@PLT
	movq	32(%rsp), %r9
	movl	24(%rsp), %ecx
	xorl	%eax, %eax
	movq	8(%rsp), %r8
	movq	stderr(%rip), %rdi
	movl	%r14d, %edx
	leaq	.LC63(%rip), %rsi
	call	fprintf@PLT
	movl	24(%rsp), %r11d
	movq	40(%rsp), %r10
	jmp	.L160
.L345:
	cmpq	$0, 408(%rsp)
	movl	%r13d, 8(%rsp)
	je	.L232
	cmpl	$1, 16(%rsp)
	jg	.L347
.L232:
	xorl	%esi, %esi
	movl	%esi, 64(%rsp)
.L338:
	leaq	1600(%rsp), %rax
	movq	%rax, 56(%rsp)
.L339:
	leaq	1152(%rsp), %r13
.L166:
	movq	72(%rsp), %rax
	leaq	816(%rsp), %rbx
	subq	$32, %rsp
	.cfi_def_cfa_offset 5120
	movq	%rbx, %rdi
	movq	%rax, 184(%rsp)
	movq	416(%rsp), %rsi
	movdqa	176(%rsp), %xmm6
	movdqa	192(%rsp), %xmm7
	movups	%xmm6, (%rsp)
	movups	%xmm7, 16(%rsp)
	call	run_init@PLT
	imull	$3, 40(%rsp), %eax
	movq	88(%rsp), %r15
	xorl	%esi, %esi
	movl	%eax, 128(%rsp)
	cltq
	imulq	$248, %rax, %rdi
	imulq	$80, %rax, %rax
	movq	%rdi, 136(%rsp)
	movq	%rax, 144(%rsp)
	addq	$32, %rsp
	.cfi_def_cfa_offset 5088
	movq	%r15, 120(%rsp)
	movq	%r13, 128(%rsp)
	movq	%rbx, 136(%rsp)
.L175:
	cmpl	$3, %esi
	setle	%al
	cmpl	$0, 8(%rsp)
	setne	%dl
	andb	%dl, %al
	je	.L348
	movq	%rsi, %rbp
	leaq	increments(%rip), %rax
	movq	104(%rsp), %rdi
	movq	%rsi, 24(%rsp)
	salq	$4, %rbp
	orl	$-1, %r13d
	addq	%rax, %rbp
	movl	96(%rsp), %eax
	movl	%eax, 8(%r15)
	call	xmalloc@PLT
	movq	112(%rsp), %rdi
	movq	%rax, (%r15)
	call	xmalloc@PLT
	xorl	%ecx, %ecx
	movl	8(%rsp), %edx
	movq	24(%rsp), %rsi
	movq	%rax, 16(%r15)
	movq	%rax, %r8
	xorl	%eax, %eax
	movl	%ecx, 24(%r15)
	leaq	176(%rsp), %rcx
	.p2align 6
	.p2align 3
.L177:
	cmpl	$1, (%rcx,%rax,4)
	cmove	%eax, %r13d
	addq	$1, %rax
	cmpl	%eax, %edx
	jg	.L177
	leal	0(%r13,%r13,2), %eax
	movq	%rsi, 88(%rsp)
	movq	(%r15), %r14
	xorl	%ebx, %ebx
	addl	$2, %eax
	movl	%r13d, 32(%rsp)
	xorl	%r9d, %r9d
	pxor	%xmm0, %xmm0
	movl	%eax, 72(%rsp)
	movl	%r13d, %eax
	leaq	48+layouts(%rip), %r12
	movq	%rcx, %r13
	notl	%eax
	shrl	$31, %eax
	movl	%eax, 40(%rsp)
	leaq	240(%rsp), %rax
	movq	%rax, 24(%rsp)
	xorl	%eax, %eax
	.p2align 6
	.p2align 3
.L178:
	movq	%r9, %r10
	leaq	cpus_t.1(%rip), %rdi
	movl	16(%rsp), %edx
	movd	%r9d, %xmm4
	salq	$8, %r10
	movl	0(%r13,%r9,4), %r11d
	leaq	layouts(%rip), %rsi
	addq	%rdi, %r10
	movq	24(%rsp), %rdi
	testl	%edx, %edx
	movq	%r14, %rdx
	cmove	%rax, %r10
	movd	(%rdi,%r9,4), %xmm1
	punpckldq	%xmm4, %xmm1
.L179:
	movq	%rdx, %rdi
	movl	$31, %ecx
	addq	$248, %rdx
	rep stosq
	movq	%rsi, -240(%rdx)
	addq	$16, %rsi
	movq	%rbp, -248(%rdx)
	movl	%r11d, -232(%rdx)
	movq	%r10, -224(%rdx)
	movq	%xmm1, -216(%rdx)
	cmpq	%r12, %rsi
	jne	.L179
	movslq	24(%r15), %rdx
	leal	2(%rbx), %esi
	leaq	.LC65(%rip), %rdi
	movl	%ebx, 2720(%rsp)
	movq	%rdi, 2728(%rsp)
	movl	%esi, 2724(%rsp)
	movq	%rdx, %rcx
	leaq	(%rdx,%rdx,4), %rdx
	movdqa	2720(%rsp), %xmm5
	salq	$4, %rdx
	movups	%xmm0, 2772(%rsp)
	leal	2(%rcx), %edi
	movups	%xmm0, 2740(%rsp)
	movl	%r11d, 2736(%rsp)
	movups	%xmm0, 2756(%rsp)
	movups	%xmm0, 2784(%rsp)
	movups	%xmm5, (%r8,%rdx)
	movdqa	2736(%rsp), %xmm6
	movups	%xmm6, 16(%r8,%rdx)
	movdqa	2752(%rsp), %xmm7
	movups	%xmm7, 32(%r8,%rdx)
	movdqa	2768(%rsp), %xmm3
	movups	%xmm3, 48(%r8,%rdx)
	movdqa	2784(%rsp), %xmm4
	movups	%xmm4, 64(%r8,%rdx)
	movl	%edi, 24(%r15)
	leal	1(%rbx), %edi
	movl	%edi, 2720(%rsp)
	leaq	.LC66(%rip), %rdi
	movl	%esi, 2724(%rsp)
	movq	%rdi, 2728(%rsp)
	movdqa	2720(%rsp), %xmm2
	movl	%r11d, 2736(%rsp)
	movups	%xmm0, 2740(%rsp)
	movups	%xmm0, 2772(%rsp)
	movups	%xmm0, 2756(%rsp)
	movups	%xmm0, 2784(%rsp)
	movups	%xmm2, 80(%r8,%rdx)
	movdqa	2736(%rsp), %xmm5
	movups	%xmm5, 96(%r8,%rdx)
	movdqa	2752(%rsp), %xmm6
	movups	%xmm6, 112(%r8,%rdx)
	movdqa	2768(%rsp), %xmm7
	movups	%xmm7, 128(%r8,%rdx)
	movdqa	2784(%rsp), %xmm3
	movups	%xmm3, 144(%r8,%rdx)
	cmpl	%r9d, 32(%rsp)
	je	.L180
	cmpb	$0, 40(%rsp)
	je	.L180
	movl	72(%rsp), %edi
	movl	%esi, 2720(%rsp)
	addl	$3, %ecx
	movups	%xmm0, 2772(%rsp)
	movl	%edi, 2724(%rsp)
	leaq	.LC67(%rip), %rdi
	movq	%rdi, 2728(%rsp)
	movdqa	2720(%rsp), %xmm3
	movups	%xmm0, 2740(%rsp)
	movups	%xmm0, 2756(%rsp)
	movl	%r11d, 2736(%rsp)
	movups	%xmm0, 2784(%rsp)
	movl	%ecx, 24(%r15)
	movups	%xmm3, 160(%r8,%rdx)
	movdqa	2736(%rsp), %xmm4
	movups	%xmm4, 176(%r8,%rdx)
	movdqa	2752(%rsp), %xmm3
	movups	%xmm3, 192(%r8,%rdx)
	movdqa	2768(%rsp), %xmm4
	movups	%xmm4, 208(%r8,%rdx)
	movdqa	2784(%rsp), %xmm2
	movups	%xmm2, 224(%r8,%rdx)
.L180:
	addq	$1, %r9
	addl	$3, %ebx
	addq	$744, %r14
	cmpl	%r9d, 8(%rsp)
	jg	.L178
	movq	88(%rsp), %rsi
	addq	$40, %r15
	addq	$1, %rsi
	jmp	.L175
.L348:
	movl	%eax, %r12d
	movslq	%esi, %rax
	movq	56(%rsp), %rdi
	movq	120(%rsp), %r14
	imulq	$40, %rax, %rax
	movq	136(%rsp), %rbx
	movb	%r12b, 104(%rsp)
	movq	128(%rsp), %r13
	movq	%r14, 112(%rsp)
	movq	%rbx, 128(%rsp)
	leaq	(%rdi,%rax), %r9
	movq	%rsi, 88(%rsp)
	movq	%r9, 120(%rsp)
	movl	%esi, 72(%rsp)
	movq	%r9, %rsi
	movq	%rax, 96(%rsp)
	xorl	%eax, %eax
.L183:
	cmpl	%eax, 64(%rsp)
	jle	.L349
	leaq	8(%r13), %rdi
	movq	%rsi, 32(%rsp)
	movq	%rsi, %rbx
	xorl	%r12d, %r12d
	movq	%rdi, 24(%rsp)
	movl	8(%rsp), %edi
	imulq	$288, %rax, %r11
	leaq	increments(%rip), %rbp
	movq	%rax, 40(%rsp)
	leal	(%rdi,%rax), %r14d
	movq	48(%rsp), %rdi
	leaq	(%rdi,%r11), %r15
.L184:
	movl	4(%r13), %r9d
	movl	0(%r13), %r8d
	movl	$96, %esi
	movq	%r15, %rdi
	movq	24(%rsp), %rcx
	xorl	%eax, %eax
	addq	$96, %r15
	addq	$40, %rbx
	leaq	.LC68(%rip), %rdx
	call	snprintf@PLT
	movl	$2, -32(%rbx)
	movl	$496, %edi
	call	xmalloc@PLT
	movl	$31, %ecx
	movq	%rax, -40(%rbx)
	movq	%rax, %rdx
	movq	%rax, %rdi
	movq	%r12, %rax
	rep stosq
	leaq	layouts(%rip), %rax
	leaq	248(%rdx), %rdi
	movq	%rbp, (%rdx)
	movq	%rax, 8(%rdx)
	movl	$31, %ecx
	movq	%r12, %rax
	movl	$2, 16(%rdx)
	movq	%r13, 24(%rdx)
	movl	%r14d, 36(%rdx)
	rep stosq
	leaq	32+layouts(%rip), %rax
	movl	$80, %edi
	movq	%rbp, 248(%rdx)
	movq	%rax, 256(%rdx)
	addq	$16, %rbp
	movl	$2, 264(%rdx)
	movq	%r13, 272(%rdx)
	movl	%r14d, 284(%rdx)
	call	xmalloc@PLT
	movq	.LC69(%rip), %rdi
	pxor	%xmm0, %xmm0
	movl	$2, 320(%rsp)
	movq	%rax, -24(%rbx)
	movq	%rdi, 304(%rsp)
	leaq	.LC65(%rip), %rdi
	movq	%rdi, 312(%rsp)
	movdqa	304(%rsp), %xmm2
	movups	%xmm0, 324(%rsp)
	movups	%xmm2, (%rax)
	movdqa	320(%rsp), %xmm2
	movups	%xmm0, 340(%rsp)
	movdqa	336(%rsp), %xmm5
	movups	%xmm0, 356(%rsp)
	movdqa	352(%rsp), %xmm6
	movups	%xmm2, 16(%rax)
	movups	%xmm5, 32(%rax)
	movups	%xmm6, 48(%rax)
	movups	%xmm0, 64(%rax)
	leaq	48+increments(%rip), %rax
	movl	$1, -16(%rbx)
	movups	%xmm0, 368(%rsp)
	cmpq	%rbp, %rax
	jne	.L184
	movq	32(%rsp), %rsi
	movq	40(%rsp), %rax
	addq	$56, %r13
	addq	$1, %rax
	addq	$120, %rsi
	jmp	.L183
.L349:
	imull	$3, 64(%rsp), %ebp
	movl	72(%rsp), %eax
	xorl	%ecx, %ecx
	movq	80(%rsp), %rdi
	movzbl	104(%rsp), %r12d
	movq	112(%rsp), %r14
	movq	120(%rsp), %r9
	leal	(%rax,%rbp), %r8d
	movq	56(%rsp), %rdx
	addq	$1, %rdi
	movq	128(%rsp), %rbx
	movl	%r8d, 32(%rsp)
	movq	1120(%rsp), %rsi
	jmp	.L186
.L187:
	movslq	-32(%rdx), %rax
	addl	$1, %ecx
	movl	$1, %r12d
	imulq	%rdi, %rax
	addq	%rax, %rsi
.L186:
	addq	$40, %rdx
	cmpl	%r8d, %ecx
	jne	.L187
	testb	%r12b, %r12b
	je	.L188
	movq	%rsi, 1120(%rsp)
.L188:
	movslq	32(%rsp), %rax
	movq	56(%rsp), %r12
	movq	%r9, %r15
	imulq	$40, %rax, %rax
	leaq	(%r12,%rax), %r13
	movq	%r13, 80(%rsp)
	jmp	.L189
.L190:
	movq	%r12, %rdi
	movq	%rbx, %rsi
	call	block_alloc@PLT
	movq	%r12, %rdi
	movq	%rbx, %rsi
	addq	$40, %r12
	call	block_run@PLT
.L189:
	cmpq	%r13, %r12
	jne	.L190
	movq	%r15, 24(%rsp)
	call	now_ns@PLT
	subq	1136(%rsp), %rax
	movq	24(%rsp), %r9
	js	.L191
	pxor	%xmm0, %xmm0
	cvtsi2sdq	%rax, %xmm0
.L192:
	movq	1112(%rsp), %rdx
	movl	$1, %eax
	movq	%r9, 24(%rsp)
	leaq	.LC71(%rip), %rsi
	movq	stderr(%rip), %rdi
	divsd	.LC70(%rip), %xmm0
	call	fprintf@PLT
	movq	56(%rsp), %r12
	movq	24(%rsp), %r15
	movq	80(%rsp), %r13
	jmp	.L193
.L194:
	movq	%r12, %rdi
	movq	%rbx, %rsi
	addq	$40, %r12
	call	block_finish@PLT
.L193:
	cmpq	%r13, %r12
	jne	.L194
	movq	56(%rsp), %r13
	movl	72(%rsp), %esi
	movq	%r15, 24(%rsp)
	movq	%r13, %rdi
	call	adjust_table
	imulq	$40, 88(%rsp), %rax
	movl	%ebp, %esi
	leaq	.LC72(%rip), %rbp
	leaq	0(%r13,%rax), %r15
	movq	%r15, %rdi
	movq	%r15, 40(%rsp)
	call	adjust_table
.L195:
	cmpq	%r15, %r13
	je	.L350
	xorl	%r12d, %r12d
	cmpl	$0, 8(%r13)
	jle	.L199
	.p2align 6
	.p2align 3
.L196:
	movq	%r12, %rax
	movq	0(%r13), %rdx
	movq	%rbx, %r8
	movq	%r13, %rcx
	salq	$5, %rax
	leaq	.LC12(%rip), %rsi
	movq	%rbp, %rdi
	subq	%r12, %rax
	addq	$1, %r12
	leaq	(%rdx,%rax,8), %rdx
	call	print_cell
	cmpl	%r12d, 8(%r13)
	jg	.L196
.L199:
	addq	$40, %r13
	jmp	.L195
.L350:
	movq	24(%rsp), %r9
	movq	96(%rsp), %rbp
	xorl	%r13d, %r13d
	xorl	%r12d, %r12d
	movq	56(%rsp), %rax
	movl	16(%rsp), %r15d
	movq	%r14, 96(%rsp)
	movq	%r9, 104(%rsp)
	movq	%rbx, 24(%rsp)
	addq	%rax, %rbp
.L198:
	cmpl	%r12d, 8(%rsp)
	jle	.L351
	xorl	%r14d, %r14d
	testl	%r15d, %r15d
	movq	56(%rsp), %rsi
	setg	%r14b
	cmpl	$0, 72(%rsp)
	je	.L201
	.p2align 6
	.p2align 3
.L200:
	movq	(%rsi), %rdx
	xorl	%eax, %eax
	addq	%r13, %rdx
.L202:
	addl	$1, %eax
	andl	108(%rdx), %r14d
	addq	$248, %rdx
	cmpl	$3, %eax
	jne	.L202
	addq	$40, %rsi
	cmpq	%rsi, %rbp
	jne	.L200
.L201:
	movl	176(%rsp,%r12,4), %ebx
	leaq	.LC73(%rip), %rdi
	xorl	%eax, %eax
	movl	%ebx, %esi
	call	printf@PLT
	movq	%r12, %rsi
	leaq	cpus_t.1(%rip), %rax
	salq	$8, %rsi
	addq	%rax, %rsi
	testl	%r15d, %r15d
	je	.L352
	movq	stdout(%rip), %rdi
	movl	%ebx, %edx
	call	put_int_list@PLT
	testl	%r14d, %r14d
	leaq	.LC30(%rip), %rdx
	leaq	.LC32(%rip), %rcx
	movl	240(%rsp,%r12,4), %eax
	cmove	%rcx, %rdx
	leaq	.LC12(%rip), %rsi
.L226:
	movl	68(%rsp), %r8d
	movl	%eax, %ecx
	leaq	.LC74(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
	movq	24(%rsp), %rax
	movsd	40(%rax,%r12,8), %xmm0
	ucomisd	%xmm0, %xmm0
	jp	.L205
	movapd	%xmm0, %xmm1
	andpd	.LC0(%rip), %xmm1
	ucomisd	.LC1(%rip), %xmm1
	jbe	.L206
.L205:
	leaq	.LC75(%rip), %rsi
	leaq	.LC2(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
.L207:
	movl	$10, %edi
	addq	$1, %r12
	addq	$744, %r13
	call	putchar@PLT
	jmp	.L198
.L352:
	movq	stdout(%rip), %rdi
	xorl	%edx, %edx
	call	put_int_list@PLT
	leaq	.LC31(%rip), %rdx
	movl	240(%rsp,%r12,4), %eax
	movq	%rdx, %rsi
	jmp	.L226
.L206:
	movl	$4, %edx
	leaq	.LC75(%rip), %rsi
	movl	$1, %eax
	leaq	.LC3(%rip), %rdi
	call	printf@PLT
	jmp	.L207
.L351:
	movq	24(%rsp), %rbx
	movq	104(%rsp), %r9
	leaq	.LC7(%rip), %rbp
	movq	56(%rsp), %r13
	movq	96(%rsp), %r14
	movq	40(%rsp), %r12
	movq	%rbx, 8(%rsp)
	movq	%r9, %r15
	movq	%r13, %rbx
.L209:
	cmpq	%rbx, %r12
	je	.L353
	xorl	%r13d, %r13d
	cmpl	$0, 24(%rbx)
	jle	.L213
	.p2align 6
	.p2align 3
.L210:
	leaq	0(%r13,%r13,4), %rcx
	movq	(%rbx), %rdx
	movq	%rbp, %rdi
	movq	816(%rsp), %r8
	salq	$4, %rcx
	leaq	.LC12(%rip), %rsi
	addq	16(%rbx), %rcx
	addq	$1, %r13
	call	print_ratio.isra.0
	cmpl	%r13d, 24(%rbx)
	jg	.L210
.L213:
	addq	$40, %rbx
	jmp	.L209
.L353:
	movl	88(%rsp), %eax
	movq	8(%rsp), %rbx
	movq	%r14, 56(%rsp)
	leaq	.LC76(%rip), %r12
	movq	%r15, %r14
	movl	%eax, 40(%rsp)
	xorl	%eax, %eax
	movq	%rax, 8(%rsp)
.L212:
	movl	40(%rsp), %eax
	movq	8(%rsp), %rdi
	addl	%edi, %eax
	cmpl	%eax, 32(%rsp)
	jle	.L333
	imulq	$96, %rdi, %rbp
	movq	48(%rsp), %rax
	xorl	%r13d, %r13d
	xorl	%r15d, %r15d
	movl	%edi, 24(%rsp)
	addq	%rax, %rbp
	cmpl	$0, 8(%r14)
	jle	.L220
	.p2align 6
	.p2align 3
.L214:
	movq	(%r14), %rdx
	movq	%rbx, %r8
	movq	%r14, %rcx
	movq	%rbp, %rsi
	movq	%r12, %rdi
	addl	$1, %r15d
	addq	%r13, %rdx
	addq	$248, %r13
	call	print_cell
	cmpl	8(%r14), %r15d
	jl	.L214
.L220:
	movq	16(%r14), %rcx
	movq	(%r14), %rdx
	movq	%rbp, %rsi
	leaq	.LC77(%rip), %rdi
	movq	816(%rsp), %r8
	call	print_ratio.isra.0
	movl	24(%rsp), %eax
	movl	$3, %ecx
	cltd
	idivl	%ecx
	testl	%edx, %edx
	je	.L354
.L215:
	addq	$1, 8(%rsp)
	addq	$40, %r14
	jmp	.L212
.L354:
	xorl	%eax, %eax
	movq	%rbp, %rsi
	leaq	.LC78(%rip), %rdi
	call	printf@PLT
	movq	(%r14), %rax
	movslq	36(%rax), %rax
	movsd	856(%rsp,%rax,8), %xmm0
	ucomisd	%xmm0, %xmm0
	jp	.L216
	movapd	%xmm0, %xmm1
	andpd	.LC0(%rip), %xmm1
	ucomisd	.LC1(%rip), %xmm1
	jbe	.L217
.L216:
	leaq	.LC75(%rip), %rsi
	leaq	.LC2(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
.L218:
	movl	$10, %edi
	call	putchar@PLT
	jmp	.L215
.L333:
	movq	56(%rsp), %r14
	movq	80(%rsp), %rbx
	jmp	.L219
.L221:
	movq	%r14, %rdi
	addq	$40, %r14
	call	block_free@PLT
	movq	-40(%r14), %rdi
	call	free@PLT
	movq	-24(%r14), %rdi
	call	free@PLT
.L219:
	cmpq	%r14, %rbx
	jne	.L221
	cmpq	$0, 408(%rsp)
	je	.L222
	cmpl	$0, 64(%rsp)
	jne	.L222
	cmpl	$0, 16(%rsp)
	leaq	.LC33(%rip), %rax
	leaq	.LC34(%rip), %rsi
	cmovne	%rax, %rsi
	leaq	.LC79(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
.L222:
	movq	stdout(%rip), %rdi
	call	fflush@PLT
	testl	%eax, %eax
	jne	.L225
	movq	stdout(%rip), %rdi
	call	ferror@PLT
	testl	%eax, %eax
	je	.L321
.L225:
	leaq	.LC80(%rip), %rdi
	xorl	%eax, %eax
	call	die@PLT
.L217:
	movl	$4, %edx
	leaq	.LC75(%rip), %rsi
	movl	$1, %eax
	leaq	.LC3(%rip), %rdi
	call	printf@PLT
	jmp	.L218
.L337:
	movslq	%r13d, %rdi
	jmp	.L164
.L191:
	movq	%rax, %rdx
	andl	$1, %eax
	pxor	%xmm0, %xmm0
	shrq	%rdx
	orq	%rax, %rdx
	cvtsi2sdq	%rdx, %xmm0
	addsd	%xmm0, %xmm0
	jmp	.L192
.L131:
	call	affinity_supported@PLT
	testl	%eax, %eax
	jne	.L133
	cmpq	$0, 400(%rsp)
	je	.L134
	call	affinity_supported@PLT
	movl	%eax, 16(%rsp)
	testl	%eax, %eax
	je	.L135
.L155:
	leaq	.LC57(%rip), %rdi
	call	puts@PLT
	cmpq	$0, 400(%rsp)
	je	.L137
.L136:
	movq	stderr(%rip), %rcx
	movl	$73, %edx
	movl	$1, %esi
	leaq	.LC60(%rip), %rdi
	call	fwrite@PLT
.L137:
	xorl	%edi, %edi
	movl	%edi, 16(%rsp)
	jmp	.L156
.L347:
	cmpl	$0, 64(%rsp)
	jne	.L338
	leaq	1600(%rsp), %rax
	xorl	%edx, %edx
	movl	allowed.3(%rip), %edi
	movl	$3, 1600(%rsp)
	movq	%rax, %rsi
	movq	%rax, 56(%rsp)
	call	cache_llc@PLT
	movl	$1, %r8d
	movl	$-1, 2720(%rsp)
	leaq	-4+allowed.3(%rip), %rcx
	movl	$-1, 2728(%rsp)
	movq	%r8, %rbp
	movl	$-1, 2736(%rsp)
	movl	$-1, 2744(%rsp)
.L167:
	leal	-1(%rbp), %eax
	cmpl	%eax, 68(%rsp)
	jle	.L355
	movq	%rbp, %r14
	jmp	.L172
.L171:
	movl	(%rcx,%rbp,4), %ebx
	movl	(%r12,%r14,4), %r13d
	movl	%ebx, %edi
	movl	%r13d, %esi
	call	cpus_are_smt_siblings@PLT
	movl	$2, %edx
	movl	%r13d, %esi
	movl	%ebx, %edi
	movl	%eax, 24(%rsp)
	call	cpus_share_cache@PLT
	movl	1600(%rsp), %edx
	movl	%r13d, %esi
	movl	%ebx, %edi
	movl	%eax, %r15d
	call	cpus_share_cache@PLT
	movl	24(%rsp), %r8d
	leaq	-4+allowed.3(%rip), %rcx
	movl	%eax, %edx
	movl	%r8d, %eax
	orl	%r15d, %eax
	orl	%edx, %eax
	js	.L339
	xorl	%eax, %eax
	testl	%r8d, %r8d
	jne	.L169
	movl	$1, %eax
	testl	%r15d, %r15d
	jne	.L169
	movl	$3, %eax
	testl	%edx, %edx
	je	.L169
	xorl	%eax, %eax
	cmpl	$3, 1600(%rsp)
	setl	%al
	addl	$2, %eax
.L169:
	cmpl	$0, 2720(%rsp,%rax,8)
	jns	.L170
	movq	48(%rsp), %rdi
	movd	%ebx, %xmm0
	movd	%r13d, %xmm7
	punpckldq	%xmm7, %xmm0
	movq	%xmm0, (%rdi,%rax,8)
.L170:
	addq	$1, %r14
.L172:
	cmpl	%r14d, 68(%rsp)
	jg	.L171
	addq	$1, %rbp
	jmp	.L167
.L228:
	xorl	%ebp, %ebp
	movl	%ebp, 64(%rsp)
	jmp	.L109
.L135:
	leaq	.LC59(%rip), %rdi
	call	puts@PLT
	jmp	.L153
.L133:
	movq	48(%rsp), %rsi
	xorl	%edx, %edx
	movl	allowed.3(%rip), %edi
	movl	$3, 2720(%rsp)
	call	cache_llc@PLT
	xorl	%r8d, %r8d
	movq	%r13, 56(%rsp)
	movl	%r8d, 16(%rsp)
	movl	%r8d, 8(%rsp)
.L138:
	xorl	%ecx, %ecx
.L151:
	cmpl	$63, 16(%rsp)
	setle	%al
	cmpl	%ecx, 68(%rsp)
	jle	.L245
	testb	%al, %al
	je	.L245
	movslq	16(%rsp), %rax
	movl	(%r12,%rcx,4), %r13d
	testl	%eax, %eax
	je	.L231
	movq	%rcx, 32(%rsp)
	leaq	560(%rsp), %rbx
	xorl	%ebp, %ebp
	xorl	%r15d, %r15d
	leaq	(%rbx,%rax,4), %r14
	.p2align 6
	.p2align 3
.L140:
	movl	(%rbx), %edi
	xorl	%eax, %eax
	movl	%r13d, %esi
	cmpl	%edi, %r13d
	sete	%al
	orl	%eax, %r15d
	call	cpus_are_smt_siblings@PLT
	cmpl	$1, %eax
	sete	%al
	addq	$4, %rbx
	movzbl	%al, %eax
	orl	%eax, %ebp
	cmpq	%r14, %rbx
	jne	.L140
	movq	32(%rsp), %rcx
	testl	%r15d, %r15d
	jne	.L145
	movl	560(%rsp), %edi
.L139:
	movl	$2, %edx
	movl	%r13d, %esi
	movq	%rcx, 40(%rsp)
	movl	%edi, 32(%rsp)
	call	cpus_share_cache@PLT
	movl	2720(%rsp), %edx
	movl	32(%rsp), %edi
	movl	%r13d, %esi
	movl	%eax, %r14d
	call	cpus_share_cache@PLT
	movq	40(%rsp), %rcx
	testl	%eax, %eax
	setne	%dl
	cmpl	$0, 8(%rsp)
	jne	.L142
	testl	%r14d, %r14d
	setne	%al
	testb	%dl, %al
	je	.L145
	andb	$1, %bpl
	je	.L143
.L145:
	addq	$1, %rcx
	jmp	.L151
.L142:
	movl	%ebp, %eax
	xorl	$1, %eax
	andl	$1, %eax
	cmpl	$1, 8(%rsp)
	je	.L356
	cmpl	$2, 8(%rsp)
	setne	%dl
	orl	%edx, %eax
	movzbl	%al, %eax
.L147:
	testl	%eax, %eax
	je	.L145
.L143:
	movslq	16(%rsp), %rax
	movl	%r13d, 560(%rsp,%rax,4)
	leal	1(%rax), %eax
	movl	%eax, 16(%rsp)
	jmp	.L145
.L245:
	addl	$1, 8(%rsp)
	movl	8(%rsp), %edi
	cmpl	$3, %edi
	jg	.L150
	testb	%al, %al
	jne	.L138
.L150:
	cmpq	$0, 400(%rsp)
	movq	56(%rsp), %r13
	je	.L132
	call	affinity_supported@PLT
	testl	%eax, %eax
	je	.L135
	cmpl	$0, 16(%rsp)
	jne	.L156
	jmp	.L155
.L356:
	andl	%edx, %eax
	movzbl	%al, %eax
	jmp	.L147
.L231:
	xorl	%ebp, %ebp
	movl	%r13d, %edi
	jmp	.L139
.L342:
	movq	32(%rsp), %rbp
	movq	%rbx, %rdx
	leaq	.LC50(%rip), %rdi
	movq	%rbp, %rsi
	call	die_usage@PLT
.L113:
	movq	32(%rsp), %rbp
	movl	$47, %edx
	leaq	.LC48(%rip), %rdi
	xorl	%eax, %eax
	movq	%rbp, %rsi
	call	die_usage@PLT
.L355:
	xorl	%ebx, %ebx
	leaq	1152(%rsp), %r13
	xorl	%r14d, %r14d
	leaq	2724(%rsp), %rbp
	leaq	pair_name(%rip), %r12
	leaq	.LC64(%rip), %r15
.L174:
	movq	48(%rsp), %rax
	movl	(%rax,%rbx), %eax
	testl	%eax, %eax
	js	.L173
	movslq	64(%rsp), %rdx
	movd	0(%rbp,%rbx), %xmm5
	movd	%eax, %xmm0
	movl	$8, %ecx
	movl	%r14d, %eax
	movq	%rdx, %rsi
	imulq	$56, %rdx, %rdx
	punpckldq	%xmm5, %xmm0
	addl	$1, %esi
	movl	%esi, 64(%rsp)
	movl	$48, %esi
	addq	%r13, %rdx
	movq	%xmm0, (%rdx)
	leaq	24(%rdx), %rdi
	pxor	%xmm0, %xmm0
	movups	%xmm0, 8(%rdx)
	rep stosl
	movq	(%r12,%rbx), %rcx
	leaq	8(%rdx), %rdi
	xorl	%eax, %eax
	movq	%r15, %rdx
	call	snprintf@PLT
.L173:
	addq	$8, %rbx
	cmpq	$32, %rbx
	jne	.L174
	jmp	.L166
.L102:
	movq	%rbx, %rsi
	leaq	.LC37(%rip), %rdi
	xorl	%eax, %eax
	call	die_usage@PLT
	.cfi_endproc
.LFE43:
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
.LC83:
	.string	"smt"
.LC84:
	.string	"shared_l2"
.LC85:
	.string	"shared_l3_only"
.LC86:
	.string	"across_l3"
	.section	.data.rel.ro.local,"aw"
	.align 32
	.type	pair_name, @object
	.size	pair_name, 32
pair_name:
	.quad	.LC83
	.quad	.LC84
	.quad	.LC85
	.quad	.LC86
	.section	.rodata.str1.1
.LC87:
	.string	"adjacent"
.LC88:
	.string	"pad64"
.LC89:
	.string	"pad128"
	.section	.data.rel.ro.local
	.align 32
	.type	layouts, @object
	.size	layouts, 48
layouts:
	.quad	.LC87
	.quad	8
	.quad	.LC88
	.quad	64
	.quad	.LC89
	.quad	128
	.section	.rodata.str1.1
.LC90:
	.string	"store"
.LC91:
	.string	"rmw"
.LC92:
	.string	"atomic"
.LC93:
	.string	"register"
	.section	.data.rel.ro.local
	.align 32
	.type	increments, @object
	.size	increments, 64
increments:
	.quad	.LC90
	.quad	inc_store
	.quad	.LC91
	.quad	inc_rmw
	.quad	.LC92
	.quad	inc_atomic
	.quad	.LC93
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
.LC54:
	.long	1717986918
	.long	1072850534
	.align 8
.LC55:
	.long	1202590843
	.long	1066695393
	.align 8
.LC69:
	.long	0
	.long	1
	.align 8
.LC70:
	.long	0
	.long	1104006501
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
