	.text
	.file	"false_sharing.c"
	.section	.rodata.cst8,"aM",@progbits,8
	.p2align	3                               # -- Begin function main
.LCPI0_0:
	.quad	0x4024000000000000              # double 10
.LCPI0_1:
	.quad	0x3f947ae147ae147b              # double 0.02
.LCPI0_2:
	.quad	0x3ff2666666666666              # double 1.1499999999999999
.LCPI0_5:
	.quad	0x41cdcd6500000000              # double 1.0E+9
	.section	.rodata.cst16,"aM",@progbits,16
	.p2align	4
.LCPI0_3:
	.long	1127219200                      # 0x43300000
	.long	1160773632                      # 0x45300000
	.long	0                               # 0x0
	.long	0                               # 0x0
.LCPI0_4:
	.quad	0x4330000000000000              # double 4503599627370496
	.quad	0x4530000000000000              # double 1.9342813113834067E+25
	.text
	.globl	main
	.p2align	4, 0x90
	.type	main,@function
main:                                   # @main
	.cfi_startproc
# %bb.0:
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r15
	.cfi_def_cfa_offset 24
	pushq	%r14
	.cfi_def_cfa_offset 32
	pushq	%r13
	.cfi_def_cfa_offset 40
	pushq	%r12
	.cfi_def_cfa_offset 48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	subq	$5624, %rsp                     # imm = 0x15F8
	.cfi_def_cfa_offset 5680
	.cfi_offset %rbx, -56
	.cfi_offset %r12, -48
	.cfi_offset %r13, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	cmpl	$2, %edi
	jl	.LBB0_12
# %bb.1:
	movq	%rsi, %r14
	movl	%edi, %ebx
	movq	8(%rsi), %rbp
	leaq	.L.str(%rip), %rsi
	movq	%rbp, %rdi
	callq	strcmp@PLT
	testl	%eax, %eax
	je	.LBB0_3
# %bb.2:
	leaq	.L.str.1(%rip), %rsi
	movq	%rbp, %rdi
	callq	strcmp@PLT
	testl	%eax, %eax
	je	.LBB0_3
# %bb.5:
	leaq	.L.str.2(%rip), %rsi
	movq	%rbp, %rdi
	callq	strcmp@PLT
	cmpl	$3, %ebx
	jne	.LBB0_11
# %bb.6:
	testl	%eax, %eax
	jne	.LBB0_11
# %bb.7:
	movq	16(%r14), %rdi
	leaq	increments(%rip), %rsi
	movl	$4, %edx
	callq	rederive@PLT
.LBB0_8:
	movq	stdout@GOTPCREL(%rip), %rbx
	movq	(%rbx), %rdi
	callq	fflush@PLT
	testl	%eax, %eax
	jne	.LBB0_10
# %bb.9:
	movq	(%rbx), %rdi
	callq	ferror@PLT
	testl	%eax, %eax
	je	.LBB0_4
.LBB0_10:
	leaq	.L.str.3(%rip), %rdi
	xorl	%eax, %eax
	callq	die@PLT
.LBB0_3:
	movq	stdout@GOTPCREL(%rip), %rax
	movq	(%rax), %rdi
	movl	$8, (%rsp)
	leaq	.L.str.21(%rip), %rsi
	movl	$18, %edx
	movl	$11, %ecx
	movl	$10, %r8d
	movl	$64, %r9d
	xorl	%eax, %eax
	callq	fprintf@PLT
.LBB0_4:
	xorl	%eax, %eax
	addq	$5624, %rsp                     # imm = 0x15F8
	.cfi_def_cfa_offset 56
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%r12
	.cfi_def_cfa_offset 40
	popq	%r13
	.cfi_def_cfa_offset 32
	popq	%r14
	.cfi_def_cfa_offset 24
	popq	%r15
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
.LBB0_12:
	.cfi_def_cfa_offset 5680
	leaq	.L.str.26(%rip), %rdi
	movl	$18, %esi
	movl	$10, %edx
	movl	$34, %ecx
	callq	env_long@PLT
	movq	%rax, 152(%rsp)
	movl	$1, %edx
	movl	%eax, %ecx
	shlq	%cl, %rdx
	movq	%rdx, 144(%rsp)
	leaq	.L.str.27(%rip), %rdi
	movl	$1, %esi
	movl	$1, %ecx
	xorl	%edx, %edx
	callq	env_long@PLT
	movq	%rax, 160(%rsp)
	leaq	.L.str.28(%rip), %rdi
	movl	$1, %esi
	movl	$1, %ecx
	xorl	%edx, %edx
	callq	env_long@PLT
	movq	%rax, 168(%rsp)
	leaq	176(%rsp), %rbx
	leaq	.L.str.29(%rip), %rdi
	movl	$1, %esi
	movl	$64, %edx
	movl	$16, %r8d
	movq	%rbx, %rcx
	callq	env_long_list@PLT
	movq	%rax, 304(%rsp)
	xorl	%ecx, %ecx
	testq	%rax, %rax
	setne	%cl
	movl	%ecx, 312(%rsp)
	jne	.LBB0_13
.LBB0_19:
	testq	%rax, %rax
	jne	.LBB0_21
# %bb.20:
	movaps	read_knobs.def+16(%rip), %xmm0
	movups	%xmm0, 16(%rbx)
	movaps	read_knobs.def(%rip), %xmm0
	movups	%xmm0, (%rbx)
	movq	$4, 304(%rsp)
.LBB0_21:
	leaq	104(%rsp), %rdi
	movq	.LCPI0_0(%rip), %xmm0           # xmm0 = mem[0],zero
	movl	$11, %esi
	callq	reps_plan_from_env@PLT
	movq	104(%rsp), %rax
	shlq	$4, %rax
	addq	$40, %rax
	movq	%rax, 112(%rsp)
	leaq	main.allowed(%rip), %rbx
	movl	$1024, %ebp                     # imm = 0x400
	movq	%rbx, %rdi
	movl	$1024, %esi                     # imm = 0x400
	callq	allowed_cpus@PLT
	cmpl	$1024, %eax                     # imm = 0x400
	movl	%eax, 60(%rsp)                  # 4-byte Spill
	cmovll	%eax, %ebp
	movl	%ebp, 64(%rsp)                  # 4-byte Spill
	leaq	.L.str.31(%rip), %rdi
	callq	getenv@PLT
	xorl	%ebp, %ebp
	testq	%rax, %rax
	je	.LBB0_48
# %bb.22:
	cmpb	$0, (%rax)
	jne	.LBB0_24
# %bb.23:
	xorl	%ebp, %ebp
.LBB0_48:
	movq	%rbp, 48(%rsp)                  # 8-byte Spill
	leaq	.L.str.5(%rip), %rdi
	movl	$128, %esi
	xorl	%eax, %eax
	callq	printf@PLT
	leaq	3312(%rsp), %rdx
	xorl	%edi, %edi
	xorl	%esi, %esi
	movl	$8, %ecx
	callq	cache_levels@PLT
	testl	%eax, %eax
	jle	.LBB0_54
# %bb.49:
	movl	%eax, %eax
	imulq	$152, %rax, %rbp
	leaq	.L.str.6(%rip), %r14
	xorl	%ebx, %ebx
	jmp	.LBB0_50
	.p2align	6, 0x90
.LBB0_53:                               #   in Loop: Header=BB0_50 Depth=1
	addq	$152, %rbx
	cmpq	%rbx, %rbp
	je	.LBB0_54
.LBB0_50:                               # =>This Inner Loop Header: Depth=1
	cmpl	$1, 3312(%rsp,%rbx)
	jne	.LBB0_53
# %bb.51:                               #   in Loop: Header=BB0_50 Depth=1
	cmpq	$0, 3328(%rsp,%rbx)
	jle	.LBB0_53
# %bb.52:                               #   in Loop: Header=BB0_50 Depth=1
	xorl	%edi, %edi
	callq	cache_source_name@PLT
	movq	3328(%rsp,%rbx), %rdx
	movq	%r14, %rdi
	movq	%rax, %rsi
	xorl	%eax, %eax
	callq	printf@PLT
	jmp	.LBB0_53
.LBB0_54:
	leaq	3312(%rsp), %rdx
	movl	$1, %edi
	xorl	%esi, %esi
	movl	$8, %ecx
	callq	cache_levels@PLT
	testl	%eax, %eax
	jle	.LBB0_60
# %bb.55:
	movl	%eax, %eax
	imulq	$152, %rax, %rbp
	leaq	.L.str.6(%rip), %r14
	xorl	%ebx, %ebx
	jmp	.LBB0_56
	.p2align	6, 0x90
.LBB0_59:                               #   in Loop: Header=BB0_56 Depth=1
	addq	$152, %rbx
	cmpq	%rbx, %rbp
	je	.LBB0_60
.LBB0_56:                               # =>This Inner Loop Header: Depth=1
	cmpl	$1, 3312(%rsp,%rbx)
	jne	.LBB0_59
# %bb.57:                               #   in Loop: Header=BB0_56 Depth=1
	cmpq	$0, 3328(%rsp,%rbx)
	jle	.LBB0_59
# %bb.58:                               #   in Loop: Header=BB0_56 Depth=1
	movl	$1, %edi
	callq	cache_source_name@PLT
	movq	3328(%rsp,%rbx), %rdx
	movq	%r14, %rdi
	movq	%rax, %rsi
	xorl	%eax, %eax
	callq	printf@PLT
	jmp	.LBB0_59
.LBB0_60:
	xorl	%r15d, %r15d
	leaq	3312(%rsp), %rdx
	movl	$2, %edi
	xorl	%esi, %esi
	movl	$8, %ecx
	callq	cache_levels@PLT
	testl	%eax, %eax
	jle	.LBB0_66
# %bb.61:
	movl	%eax, %eax
	imulq	$152, %rax, %rbp
	leaq	.L.str.6(%rip), %r14
	xorl	%ebx, %ebx
	jmp	.LBB0_62
	.p2align	6, 0x90
.LBB0_65:                               #   in Loop: Header=BB0_62 Depth=1
	addq	$152, %rbx
	cmpq	%rbx, %rbp
	je	.LBB0_66
.LBB0_62:                               # =>This Inner Loop Header: Depth=1
	cmpl	$1, 3312(%rsp,%rbx)
	jne	.LBB0_65
# %bb.63:                               #   in Loop: Header=BB0_62 Depth=1
	cmpq	$0, 3328(%rsp,%rbx)
	jle	.LBB0_65
# %bb.64:                               #   in Loop: Header=BB0_62 Depth=1
	movl	$2, %edi
	callq	cache_source_name@PLT
	movq	3328(%rsp,%rbx), %rdx
	movq	%r14, %rdi
	movq	%rax, %rsi
	xorl	%eax, %eax
	callq	printf@PLT
	jmp	.LBB0_65
.LBB0_66:
	movq	152(%rsp), %rbx
	movq	104(%rsp), %rbp
	movq	112(%rsp), %r14
	movsd	120(%rsp), %xmm0                # xmm0 = mem[0],zero
	movsd	%xmm0, 40(%rsp)                 # 8-byte Spill
	movsd	128(%rsp), %xmm0                # xmm0 = mem[0],zero
	movsd	%xmm0, 72(%rsp)                 # 8-byte Spill
	callq	probe_sources@PLT
	movq	%rax, %r12
	callq	online_cpus@PLT
	movl	%eax, (%rsp)
	leaq	.L.str.7(%rip), %rdi
	movsd	.LCPI0_1(%rip), %xmm2           # xmm2 = mem[0],zero
	movsd	.LCPI0_2(%rip), %xmm4           # xmm4 = mem[0],zero
	movq	%rbx, %rsi
	movq	%rbp, %rdx
	movq	%r14, %rcx
	movsd	40(%rsp), %xmm0                 # 8-byte Reload
                                        # xmm0 = mem[0],zero
	movsd	72(%rsp), %xmm1                 # 8-byte Reload
                                        # xmm1 = mem[0],zero
	movaps	%xmm2, %xmm3
	movq	%r12, %r8
	movl	64(%rsp), %r9d                  # 4-byte Reload
	movb	$5, %al
	callq	printf@PLT
	leaq	.Lstr(%rip), %rbx
	cmpq	$0, 160(%rsp)
	je	.LBB0_74
# %bb.67:
	callq	affinity_supported@PLT
	xorl	%ecx, %ecx
	testl	%eax, %eax
	je	.LBB0_69
# %bb.68:
	leaq	3056(%rsp), %rsi
	movl	64(%rsp), %edi                  # 4-byte Reload
	callq	cpu_order
	movl	%eax, %ecx
.LBB0_69:
	movl	%ecx, %r15d
	cmpq	$0, 160(%rsp)
	je	.LBB0_74
# %bb.70:
	callq	affinity_supported@PLT
	testl	%eax, %eax
	jne	.LBB0_72
# %bb.71:
	leaq	.Lstr.57(%rip), %rbx
	jmp	.LBB0_74
.LBB0_13:
	xorl	%ecx, %ecx
	jmp	.LBB0_14
	.p2align	6, 0x90
.LBB0_18:                               #   in Loop: Header=BB0_14 Depth=1
	addq	$1, %rcx
	cmpq	%rax, %rcx
	je	.LBB0_19
.LBB0_14:                               # =>This Loop Header: Depth=1
                                        #     Child Loop BB0_16 Depth 2
	testq	%rcx, %rcx
	je	.LBB0_18
# %bb.15:                               #   in Loop: Header=BB0_14 Depth=1
	movq	176(%rsp,%rcx,8), %rbp
	xorl	%edx, %edx
	.p2align	6, 0x90
.LBB0_16:                               #   Parent Loop BB0_14 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	cmpq	176(%rsp,%rdx,8), %rbp
	je	.LBB0_147
# %bb.17:                               #   in Loop: Header=BB0_16 Depth=2
	addq	$1, %rdx
	cmpq	%rdx, %rcx
	jne	.LBB0_16
	jmp	.LBB0_18
.LBB0_24:
	movl	64(%rsp), %r15d                 # 4-byte Reload
	movq	%r15, 72(%rsp)                  # 8-byte Spill
                                        # kill: def $r15d killed $r15d killed $r15 def $r15
	andl	$-8, %r15d
	movq	%rax, 48(%rsp)                  # 8-byte Spill
	movq	%rax, %r14
	xorl	%ebp, %ebp
	jmp	.LBB0_25
	.p2align	6, 0x90
.LBB0_47:                               #   in Loop: Header=BB0_25 Depth=1
	xorl	%ecx, %ecx
	cmpb	$59, %al
	sete	%cl
	addq	%rcx, %rdx
	addq	$1, %rbp
	cmpb	$0, (%r14,%rdx)
	leaq	(%r14,%rdx), %r14
	leaq	main.allowed(%rip), %rbx
	je	.LBB0_48
.LBB0_25:                               # =>This Loop Header: Depth=1
                                        #     Child Loop BB0_35 Depth 2
                                        #     Child Loop BB0_38 Depth 2
                                        #     Child Loop BB0_43 Depth 2
	movl	$0, 448(%rsp)
	cmpq	$8, %rbp
	je	.LBB0_148
# %bb.26:                               #   in Loop: Header=BB0_25 Depth=1
	movq	%r14, %rdi
	leaq	.L.str.32(%rip), %rsi
	leaq	3312(%rsp), %rdx
	leaq	1712(%rsp), %rcx
	leaq	448(%rsp), %r8
	xorl	%eax, %eax
	callq	__isoc99_sscanf@PLT
	cmpl	$2, %eax
	jne	.LBB0_148
# %bb.27:                               #   in Loop: Header=BB0_25 Depth=1
	movl	448(%rsp), %eax
	testl	%eax, %eax
	je	.LBB0_148
# %bb.28:                               #   in Loop: Header=BB0_25 Depth=1
	cltq
	addq	%rax, %r14
	movq	%r14, %rdi
	leaq	.L.str.34(%rip), %rsi
	callq	strspn@PLT
	leaq	-48(%rax), %rcx
	cmpq	$-47, %rcx
	jb	.LBB0_149
# %bb.29:                               #   in Loop: Header=BB0_25 Depth=1
	movb	(%r14,%rax), %cl
	testb	%cl, %cl
	je	.LBB0_31
# %bb.30:                               #   in Loop: Header=BB0_25 Depth=1
	cmpb	$59, %cl
	jne	.LBB0_149
.LBB0_31:                               #   in Loop: Header=BB0_25 Depth=1
	movl	3312(%rsp), %edx
	movl	1712(%rsp), %ecx
	cmpl	$0, 60(%rsp)                    # 4-byte Folded Reload
	movl	64(%rsp), %esi                  # 4-byte Reload
	jle	.LBB0_150
# %bb.32:                               #   in Loop: Header=BB0_25 Depth=1
	movq	%rbp, %r10
	cmpl	$8, %esi
	jae	.LBB0_34
# %bb.33:                               #   in Loop: Header=BB0_25 Depth=1
	xorl	%ebp, %ebp
	xorl	%edi, %edi
	jmp	.LBB0_37
	.p2align	6, 0x90
.LBB0_34:                               #   in Loop: Header=BB0_25 Depth=1
	movd	%edx, %xmm0
	pshufd	$0, %xmm0, %xmm8                # xmm8 = xmm0[0,0,0,0]
	movd	%ecx, %xmm0
	pshufd	$0, %xmm0, %xmm3                # xmm3 = xmm0[0,0,0,0]
	pxor	%xmm0, %xmm0
	xorl	%esi, %esi
	pxor	%xmm2, %xmm2
	.p2align	6, 0x90
.LBB0_35:                               #   Parent Loop BB0_25 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	movdqa	(%rbx,%rsi,4), %xmm4
	movdqa	16(%rbx,%rsi,4), %xmm5
	movdqa	%xmm4, %xmm1
	pcmpeqd	%xmm8, %xmm1
	movdqa	%xmm5, %xmm7
	pcmpeqd	%xmm8, %xmm7
	pcmpeqd	%xmm3, %xmm4
	movdqa	%xmm1, %xmm6
	pandn	%xmm4, %xmm6
	psrld	$31, %xmm6
	psubd	%xmm1, %xmm6
	paddd	%xmm6, %xmm0
	pcmpeqd	%xmm3, %xmm5
	movdqa	%xmm7, %xmm1
	pandn	%xmm5, %xmm1
	psrld	$31, %xmm1
	psubd	%xmm7, %xmm1
	paddd	%xmm1, %xmm2
	addq	$8, %rsi
	cmpq	%rsi, %r15
	jne	.LBB0_35
# %bb.36:                               #   in Loop: Header=BB0_25 Depth=1
	paddd	%xmm0, %xmm2
	pshufd	$238, %xmm2, %xmm0              # xmm0 = xmm2[2,3,2,3]
	paddd	%xmm2, %xmm0
	pshufd	$85, %xmm0, %xmm1               # xmm1 = xmm0[1,1,1,1]
	paddd	%xmm0, %xmm1
	movd	%xmm1, %edi
	movq	%r15, %rbp
	cmpq	72(%rsp), %r15                  # 8-byte Folded Reload
	je	.LBB0_39
.LBB0_37:                               #   in Loop: Header=BB0_25 Depth=1
	movq	72(%rsp), %r11                  # 8-byte Reload
	subq	%rbp, %r11
	leaq	(%rbx,%rbp,4), %r9
	xorl	%esi, %esi
	.p2align	6, 0x90
.LBB0_38:                               #   Parent Loop BB0_25 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	movl	(%r9,%rsi,4), %ebp
	cmpl	%edx, %ebp
	sete	%r8b
	cmpl	%ecx, %ebp
	sete	%bl
	orb	%r8b, %bl
	movzbl	%bl, %ebp
	addl	%ebp, %edi
	addq	$1, %rsi
	cmpq	%rsi, %r11
	jne	.LBB0_38
.LBB0_39:                               #   in Loop: Header=BB0_25 Depth=1
	cmpl	%ecx, %edx
	je	.LBB0_150
# %bb.40:                               #   in Loop: Header=BB0_25 Depth=1
	cmpl	$2, %edi
	jne	.LBB0_150
# %bb.41:                               #   in Loop: Header=BB0_25 Depth=1
	movq	%r10, %rbp
	imulq	$56, %r10, %rsi
	movl	%edx, 1264(%rsp,%rsi)
	movl	%ecx, 1268(%rsp,%rsi)
	leaq	(%rsp,%rsi), %rbx
	addq	$1272, %rbx                     # imm = 0x4F8
	pxor	%xmm0, %xmm0
	movdqu	%xmm0, 1272(%rsp,%rsi)
	movdqu	%xmm0, 1288(%rsp,%rsi)
	movdqu	%xmm0, 1304(%rsp,%rsi)
	movq	%rbx, %rdi
	movq	%r14, %rsi
	movq	%rax, 40(%rsp)                  # 8-byte Spill
	movq	%rax, %rdx
	callq	memcpy@PLT
	testq	%rbp, %rbp
	je	.LBB0_45
# %bb.42:                               #   in Loop: Header=BB0_25 Depth=1
	movq	%rbp, %r12
	leaq	1272(%rsp), %r13
	.p2align	6, 0x90
.LBB0_43:                               #   Parent Loop BB0_25 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	movq	%r13, %rdi
	movq	%rbx, %rsi
	callq	strcmp@PLT
	testl	%eax, %eax
	je	.LBB0_151
# %bb.44:                               #   in Loop: Header=BB0_43 Depth=2
	addq	$56, %r13
	addq	$-1, %r12
	jne	.LBB0_43
.LBB0_45:                               #   in Loop: Header=BB0_25 Depth=1
	movq	40(%rsp), %rdx                  # 8-byte Reload
	movb	(%r14,%rdx), %al
	cmpb	$59, %al
	jne	.LBB0_47
# %bb.46:                               #   in Loop: Header=BB0_25 Depth=1
	cmpb	$0, 1(%rdx,%r14)
	jne	.LBB0_47
# %bb.152:
	leaq	.L.str.39(%rip), %rdi
	movq	48(%rsp), %rsi                  # 8-byte Reload
	xorl	%eax, %eax
	callq	die_usage@PLT
.LBB0_72:
	movl	$0, 60(%rsp)                    # 4-byte Folded Spill
	movl	%r15d, %ebp
	testl	%r15d, %r15d
	jne	.LBB0_77
# %bb.73:
	leaq	.Lstr.58(%rip), %rbx
	xorl	%r15d, %r15d
.LBB0_74:
	movq	%rbx, %rdi
	callq	puts@PLT
	movl	%r15d, %ebp
	testl	%r15d, %r15d
	sete	%al
	movl	%eax, 60(%rsp)                  # 4-byte Spill
	cmpq	$0, 160(%rsp)
	je	.LBB0_77
# %bb.75:
	testl	%ebp, %ebp
	jne	.LBB0_77
# %bb.76:
	movq	stderr@GOTPCREL(%rip), %rax
	movq	(%rax), %rcx
	leaq	.L.str.11(%rip), %rdi
	movl	$73, %esi
	movl	$1, %edx
	callq	fwrite@PLT
	xorl	%ebp, %ebp
	movb	$1, %al
	movl	%eax, 60(%rsp)                  # 4-byte Spill
.LBB0_77:
	movq	304(%rsp), %r8
	movl	$0, 80(%rsp)                    # 4-byte Folded Spill
	movl	$0, %ebx
	testq	%r8, %r8
	movl	64(%rsp), %r9d                  # 4-byte Reload
	movl	%ebp, 88(%rsp)                  # 4-byte Spill
	jne	.LBB0_78
.LBB0_88:
	cmpq	$0, 168(%rsp)
	je	.LBB0_92
# %bb.89:
	cmpl	$2, %ebp
	jl	.LBB0_92
# %bb.90:
	movq	48(%rsp), %rcx                  # 8-byte Reload
	movl	%ecx, %eax
	movl	%ecx, 80(%rsp)                  # 4-byte Spill
	testl	%ecx, %ecx
	jne	.LBB0_92
# %bb.91:
	leaq	1264(%rsp), %rsi
	movl	64(%rsp), %edi                  # 4-byte Reload
	callq	find_pairs
	movl	%eax, 80(%rsp)                  # 4-byte Spill
.LBB0_92:
	movq	144(%rsp), %rsi
	movups	104(%rsp), %xmm0
	movups	120(%rsp), %xmm1
	movups	%xmm1, 16(%rsp)
	movups	%xmm0, (%rsp)
	leaq	448(%rsp), %rdi
	callq	run_init@PLT
	xorl	%eax, %eax
	movl	%ebx, 48(%rsp)                  # 4-byte Spill
	testl	%ebx, %ebx
	je	.LBB0_94
# %bb.93:
	xorl	%ebp, %ebp
	cmpl	$0, 88(%rsp)                    # 4-byte Folded Reload
	setg	%bpl
	movl	%ebp, (%rsp)
	leaq	increments(%rip), %rsi
	leaq	main.cpus_t(%rip), %r14
	leaq	1712(%rsp), %rdi
	leaq	320(%rsp), %r12
	leaq	384(%rsp), %r15
	movq	%r12, %rdx
	movl	48(%rsp), %ebx                  # 4-byte Reload
	movl	%ebx, %ecx
	movq	%r14, %r8
	movq	%r15, %r9
	callq	build_block@PLT
	leaq	1760(%rsp), %rdi
	movl	%ebp, (%rsp)
	leaq	increments+16(%rip), %rsi
	movq	%r12, %rdx
	movl	%ebx, %ecx
	movq	%r14, %r8
	movq	%r15, %r9
	callq	build_block@PLT
	leaq	1808(%rsp), %rdi
	movl	%ebp, (%rsp)
	leaq	increments+32(%rip), %rsi
	movq	%r12, %rdx
	movl	%ebx, %ecx
	movq	%r14, %r8
	movq	%r15, %r9
	callq	build_block@PLT
	leaq	1856(%rsp), %rdi
	movl	%ebp, (%rsp)
	leaq	increments+48(%rip), %rsi
	movq	%r12, %rdx
	movl	%ebx, %ecx
	movq	%r14, %r8
	movq	%r15, %r9
	callq	build_block@PLT
	movl	$4, %eax
.LBB0_94:
	movl	%eax, %r13d
	movl	%eax, 84(%rsp)                  # 4-byte Spill
	movl	%eax, %r15d
	cmpl	$0, 80(%rsp)                    # 4-byte Folded Reload
	movq	%r13, 72(%rsp)                  # 8-byte Spill
	jle	.LBB0_97
# %bb.95:
	movl	80(%rsp), %ecx                  # 4-byte Reload
	leaq	1264(%rsp), %rbp
	movl	48(%rsp), %r12d                 # 4-byte Reload
	movl	84(%rsp), %eax                  # 4-byte Reload
	movl	%eax, %r15d
	.p2align	6, 0x90
.LBB0_96:                               # =>This Inner Loop Header: Depth=1
	movq	%rcx, 40(%rsp)                  # 8-byte Spill
	leaq	8(%rbp), %r14
	movslq	%r15d, %r15
	movq	%r15, %rax
	subq	%r13, %rax
	leaq	(%rax,%rax,2), %r13
	shlq	$5, %r13
	leaq	(%rsp,%r13), %rdi
	addq	$3312, %rdi                     # imm = 0xCF0
	movl	(%rbp), %r8d
	movl	4(%rbp), %r9d
	movl	$96, %esi
	leaq	.L.str.16(%rip), %rdx
	movq	%r14, %rcx
	xorl	%eax, %eax
	callq	snprintf@PLT
	leaq	(%r15,%r15,2), %rbx
	shlq	$4, %rbx
	leaq	(%rsp,%rbx), %rdi
	addq	$1712, %rdi                     # imm = 0x6B0
	leaq	increments(%rip), %rsi
	movq	%rbp, %rdx
	movl	%r12d, %ecx
	callq	build_pair_block@PLT
	leaq	(%rsp,%r13), %rdi
	addq	$3408, %rdi                     # imm = 0xD50
	movl	(%rbp), %r8d
	movl	4(%rbp), %r9d
	movl	$96, %esi
	leaq	.L.str.16(%rip), %rdx
	movq	%r14, %rcx
	xorl	%eax, %eax
	callq	snprintf@PLT
	leaq	(%rsp,%rbx), %rdi
	addq	$1760, %rdi                     # imm = 0x6E0
	leaq	increments+16(%rip), %rsi
	movq	%rbp, %rdx
	movl	%r12d, %ecx
	callq	build_pair_block@PLT
	leaq	(%rsp,%r13), %rdi
	addq	$3504, %rdi                     # imm = 0xDB0
	movq	72(%rsp), %r13                  # 8-byte Reload
	movl	(%rbp), %r8d
	movl	4(%rbp), %r9d
	movl	$96, %esi
	leaq	.L.str.16(%rip), %rdx
	movq	%r14, %rcx
	xorl	%eax, %eax
	callq	snprintf@PLT
	leaq	(%rsp,%rbx), %rdi
	addq	$1808, %rdi                     # imm = 0x710
	leaq	increments+32(%rip), %rsi
	movq	%rbp, %rdx
	movl	%r12d, %ecx
	callq	build_pair_block@PLT
	movq	40(%rsp), %rcx                  # 8-byte Reload
	addl	$3, %r15d
	addl	$1, %r12d
	addq	$56, %rbp
	addq	$-1, %rcx
	jne	.LBB0_96
.LBB0_97:
	movl	%r15d, %r12d
	testl	%r15d, %r15d
	jle	.LBB0_106
# %bb.98:
	movq	104(%rsp), %rax
	addq	$1, %rax
	movq	1240(%rsp), %rcx
	leaq	-1(%r12), %rsi
	movl	%r12d, %edx
	andl	$3, %edx
	cmpq	$3, %rsi
	jae	.LBB0_145
# %bb.99:
	xorl	%esi, %esi
	jmp	.LBB0_100
.LBB0_78:
	cmpl	$1, %r9d
	leaq	.L.str.14(%rip), %rax
	leaq	.L.str.15(%rip), %rcx
	cmoveq	%rax, %rcx
	movq	%rcx, 40(%rsp)                  # 8-byte Spill
	movabsq	$4294967296, %r12               # imm = 0x100000000
	leaq	main.cpus_t(%rip), %r13
	xorl	%r15d, %r15d
	xorl	%ebx, %ebx
	jmp	.LBB0_79
	.p2align	6, 0x90
.LBB0_87:                               #   in Loop: Header=BB0_79 Depth=1
	xorl	%eax, %eax
	cmpl	%r14d, %r9d
	setl	%al
	movl	%eax, 384(%rsp,%rdi,4)
	leal	1(%rdi), %ebx
	movl	%r14d, 320(%rsp,%rdi,4)
.LBB0_144:                              #   in Loop: Header=BB0_79 Depth=1
	addq	$1, %r15
	cmpq	%r8, %r15
	jae	.LBB0_88
.LBB0_79:                               # =>This Loop Header: Depth=1
                                        #     Child Loop BB0_142 Depth 2
	movq	176(%rsp,%r15,8), %r14
	cmpl	%r14d, %r9d
	jge	.LBB0_81
# %bb.80:                               #   in Loop: Header=BB0_79 Depth=1
	cmpl	$0, 312(%rsp)
	je	.LBB0_143
.LBB0_81:                               #   in Loop: Header=BB0_79 Depth=1
	movslq	%ebx, %rdi
	testl	%r14d, %r14d
	jle	.LBB0_87
# %bb.82:                               #   in Loop: Header=BB0_79 Depth=1
	testl	%ebp, %ebp
	je	.LBB0_87
# %bb.83:                               #   in Loop: Header=BB0_79 Depth=1
	movq	%r14, %rbx
	shlq	$32, %rbx
	movl	%r14d, %r10d
	andl	$1, %r10d
	cmpq	%r12, %rbx
	jne	.LBB0_141
# %bb.84:                               #   in Loop: Header=BB0_79 Depth=1
	xorl	%ecx, %ecx
	jmp	.LBB0_85
	.p2align	6, 0x90
.LBB0_141:                              #   in Loop: Header=BB0_79 Depth=1
	sarq	$32, %rbx
	subq	%r10, %rbx
	movq	%rdi, %rax
	shlq	$8, %rax
	leaq	(%rax,%r13), %rsi
	addq	$4, %rsi
	xorl	%ecx, %ecx
	.p2align	6, 0x90
.LBB0_142:                              #   Parent Loop BB0_79 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	movl	%ecx, %eax
	cltd
	idivl	%ebp
                                        # kill: def $edx killed $edx def $rdx
	movl	3056(%rsp,%rdx,4), %eax
	movl	%eax, -4(%rsi,%rcx,4)
	leal	1(%rcx), %eax
	cltd
	idivl	%ebp
                                        # kill: def $edx killed $edx def $rdx
	movl	3056(%rsp,%rdx,4), %eax
	movl	%eax, (%rsi,%rcx,4)
	addq	$2, %rcx
	cmpq	%rbx, %rcx
	jne	.LBB0_142
.LBB0_85:                               #   in Loop: Header=BB0_79 Depth=1
	testq	%r10, %r10
	je	.LBB0_87
# %bb.86:                               #   in Loop: Header=BB0_79 Depth=1
	movl	%ecx, %eax
	cltd
	idivl	%ebp
                                        # kill: def $edx killed $edx def $rdx
	movl	3056(%rsp,%rdx,4), %eax
	movq	%rdi, %rdx
	shlq	$8, %rdx
	addq	%r13, %rdx
	movl	%eax, (%rdx,%rcx,4)
	jmp	.LBB0_87
.LBB0_143:                              #   in Loop: Header=BB0_79 Depth=1
	leaq	.L.str.12(%rip), %rdi
	movl	%r14d, %esi
	movl	%r9d, %edx
	xorl	%eax, %eax
	callq	printf@PLT
	movq	stderr@GOTPCREL(%rip), %rax
	movq	(%rax), %rdi
	leaq	.L.str.13(%rip), %rsi
	movl	%r14d, %edx
	movl	64(%rsp), %ecx                  # 4-byte Reload
	movq	40(%rsp), %r8                   # 8-byte Reload
	movl	%r14d, %r9d
	xorl	%eax, %eax
	callq	fprintf@PLT
	movl	88(%rsp), %ebp                  # 4-byte Reload
	movl	64(%rsp), %r9d                  # 4-byte Reload
	movq	304(%rsp), %r8
	jmp	.LBB0_144
.LBB0_145:
	movl	%r12d, %edi
	andl	$-4, %edi
	leaq	1864(%rsp), %rbp
	xorl	%esi, %esi
	.p2align	6, 0x90
.LBB0_146:                              # =>This Inner Loop Header: Depth=1
	movslq	-144(%rbp), %rbx
	imulq	%rax, %rbx
	addq	%rcx, %rbx
	movslq	-96(%rbp), %rcx
	imulq	%rax, %rcx
	addq	%rbx, %rcx
	movslq	-48(%rbp), %rbx
	imulq	%rax, %rbx
	addq	%rcx, %rbx
	movslq	(%rbp), %rcx
	imulq	%rax, %rcx
	addq	%rbx, %rcx
	addq	$4, %rsi
	addq	$192, %rbp
	cmpq	%rsi, %rdi
	jne	.LBB0_146
.LBB0_100:
	testq	%rdx, %rdx
	je	.LBB0_103
# %bb.101:
	leaq	(%rsi,%rsi,2), %rsi
	shlq	$4, %rsi
	addq	%rsp, %rsi
	addq	$1720, %rsi                     # imm = 0x6B8
	shlq	$4, %rdx
	leaq	(%rdx,%rdx,2), %rdx
	xorl	%edi, %edi
	.p2align	6, 0x90
.LBB0_102:                              # =>This Inner Loop Header: Depth=1
	movslq	(%rsi,%rdi), %rbp
	imulq	%rax, %rbp
	addq	%rbp, %rcx
	addq	$48, %rdi
	cmpq	%rdi, %rdx
	jne	.LBB0_102
.LBB0_103:
	movq	%rcx, 1240(%rsp)
	testl	%r15d, %r15d
	jle	.LBB0_106
# %bb.104:
	leaq	1712(%rsp), %rbp
	leaq	448(%rsp), %r14
	movq	%r12, %rbx
	.p2align	6, 0x90
.LBB0_105:                              # =>This Inner Loop Header: Depth=1
	movq	%rbp, %rdi
	movq	%r14, %rsi
	callq	block_alloc@PLT
	movq	%rbp, %rdi
	movq	%r14, %rsi
	callq	block_run@PLT
	addq	$48, %rbp
	addq	$-1, %rbx
	jne	.LBB0_105
.LBB0_106:
	movq	stderr@GOTPCREL(%rip), %rax
	movq	(%rax), %rbp
	movq	1232(%rsp), %r14
	callq	now_ns
	subq	1256(%rsp), %rax
	movq	%rax, %xmm1
	punpckldq	.LCPI0_3(%rip), %xmm1   # xmm1 = xmm1[0],mem[0],xmm1[1],mem[1]
	subpd	.LCPI0_4(%rip), %xmm1
	movapd	%xmm1, %xmm0
	unpckhpd	%xmm1, %xmm0                    # xmm0 = xmm0[1],xmm1[1]
	addsd	%xmm1, %xmm0
	divsd	.LCPI0_5(%rip), %xmm0
	leaq	.L.str.17(%rip), %rsi
	movq	%rbp, %rdi
	movq	%r14, %rdx
	movb	$1, %al
	callq	fprintf@PLT
	leaq	1712(%rsp), %rbp
	leaq	448(%rsp), %rdx
	movq	%rbp, %rdi
	movl	%r15d, %esi
	callq	run_levels@PLT
	testl	%r15d, %r15d
	jle	.LBB0_109
# %bb.107:
	leaq	448(%rsp), %r14
	movq	%r12, %rbx
	.p2align	6, 0x90
.LBB0_108:                              # =>This Inner Loop Header: Depth=1
	movq	%rbp, %rdi
	movq	%r14, %rsi
	callq	block_finish@PLT
	addq	$48, %rbp
	addq	$-1, %rbx
	jne	.LBB0_108
.LBB0_109:
	movq	%r12, 136(%rsp)                 # 8-byte Spill
	movl	744(%rsp), %edx
	leaq	1712(%rsp), %rbp
	movq	%rbp, %rdi
	movl	84(%rsp), %ebx                  # 4-byte Reload
	movl	%ebx, %esi
	callq	adjust_table@PLT
	leaq	(,%r13,2), %rax
	addq	%r13, %rax
	shlq	$4, %rax
	leaq	(%rsp,%rax), %rdi
	addq	$1712, %rdi                     # imm = 0x6B0
	movl	%r15d, %esi
	subl	%ebx, %esi
	movl	744(%rsp), %edx
	callq	adjust_table@PLT
	leaq	448(%rsp), %rdx
	movq	%rbp, %rdi
	movq	%r15, 96(%rsp)                  # 8-byte Spill
	movl	%r15d, %esi
	callq	print_levels@PLT
	cmpl	$0, 48(%rsp)                    # 4-byte Folded Reload
	je	.LBB0_115
# %bb.110:
	xorl	%eax, %eax
	leaq	.L.str.45(%rip), %r15
	leaq	.L.str.14(%rip), %r12
	leaq	448(%rsp), %r13
	jmp	.LBB0_111
	.p2align	6, 0x90
.LBB0_114:                              #   in Loop: Header=BB0_111 Depth=1
	movq	40(%rsp), %rax                  # 8-byte Reload
	addq	$1, %rax
	cmpq	72(%rsp), %rax                  # 8-byte Folded Reload
	je	.LBB0_115
.LBB0_111:                              # =>This Loop Header: Depth=1
                                        #     Child Loop BB0_113 Depth 2
	movq	%rax, 40(%rsp)                  # 8-byte Spill
	leaq	(%rax,%rax,2), %rax
	shlq	$4, %rax
	cmpl	$0, 1720(%rsp,%rax)
	jle	.LBB0_114
# %bb.112:                              #   in Loop: Header=BB0_111 Depth=1
	leaq	(%rsp,%rax), %r14
	addq	$1712, %r14                     # imm = 0x6B0
	xorl	%ebx, %ebx
	xorl	%ebp, %ebp
	.p2align	6, 0x90
.LBB0_113:                              #   Parent Loop BB0_111 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	movq	(%r14), %rdx
	addq	%rbx, %rdx
	movq	%r15, %rdi
	movq	%r12, %rsi
	movq	%r14, %rcx
	movq	%r13, %r8
	callq	print_cell@PLT
	addq	$1, %rbp
	movslq	8(%r14), %rax
	addq	$1280, %rbx                     # imm = 0x500
	cmpq	%rax, %rbp
	jl	.LBB0_113
	jmp	.LBB0_114
.LBB0_115:
	movl	48(%rsp), %eax                  # 4-byte Reload
	testl	%eax, %eax
	jle	.LBB0_123
# %bb.116:
	xorl	%ecx, %ecx
	cmpl	$0, 88(%rsp)                    # 4-byte Folded Reload
	setg	%cl
	movl	%ecx, 40(%rsp)                  # 4-byte Spill
	movl	%eax, %ecx
	movq	%rcx, 88(%rsp)                  # 8-byte Spill
	leaq	.L.str.48(%rip), %r14
	xorl	%r13d, %r13d
	jmp	.LBB0_117
	.p2align	6, 0x90
.LBB0_122:                              #   in Loop: Header=BB0_117 Depth=1
	movq	stdout@GOTPCREL(%rip), %rax
	movq	(%rax), %rdi
	movl	%r15d, %edx
	callq	put_int_list@PLT
	testl	%r12d, %r12d
	leaq	.L.str.49(%rip), %rdx
	leaq	.L.str.50(%rip), %rax
	cmoveq	%rax, %rdx
	cmpb	$0, 60(%rsp)                    # 1-byte Folded Reload
	cmovneq	%r14, %rdx
	movl	384(%rsp,%r13,4), %ecx
	leaq	.L.str.47(%rip), %rdi
	movq	%rbp, %rsi
	movl	64(%rsp), %r8d                  # 4-byte Reload
	xorl	%eax, %eax
	callq	printf@PLT
	movsd	488(%rsp,%r13,8), %xmm0         # xmm0 = mem[0],zero
	leaq	.L.str.51(%rip), %rdi
	movl	$4, %esi
	callq	put@PLT
	movl	$10, %edi
	callq	putchar@PLT
	addq	$1, %r13
	cmpq	88(%rsp), %r13                  # 8-byte Folded Reload
	movl	48(%rsp), %eax                  # 4-byte Reload
	je	.LBB0_123
.LBB0_117:                              # =>This Loop Header: Depth=1
                                        #     Child Loop BB0_119 Depth 2
	movl	40(%rsp), %r12d                 # 4-byte Reload
	testl	%eax, %eax
	je	.LBB0_120
# %bb.118:                              #   in Loop: Header=BB0_117 Depth=1
	leal	(%r13,%r13,2), %r10d
	leaq	1(%r10), %r8
	leaq	2(%r10), %r9
	movq	72(%rsp), %rsi                  # 8-byte Reload
	leaq	1712(%rsp), %rdi
	movl	40(%rsp), %r12d                 # 4-byte Reload
	.p2align	6, 0x90
.LBB0_119:                              #   Parent Loop BB0_117 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	movq	%r10, %rax
	shlq	$8, %rax
	leaq	(%rax,%rax,4), %rax
	movq	(%rdi), %rbx
	movq	48(%rdi), %rcx
	andl	132(%rbx,%rax), %r12d
	movq	%r8, %rdx
	shlq	$8, %rdx
	leaq	(%rdx,%rdx,4), %rdx
	andl	132(%rbx,%rdx), %r12d
	movq	%r9, %rbp
	shlq	$8, %rbp
	leaq	(%rbp,%rbp,4), %rbp
	andl	132(%rbx,%rbp), %r12d
	andl	132(%rcx,%rax), %r12d
	andl	132(%rcx,%rdx), %r12d
	andl	132(%rcx,%rbp), %r12d
	addq	$96, %rdi
	addq	$-2, %rsi
	jne	.LBB0_119
.LBB0_120:                              #   in Loop: Header=BB0_117 Depth=1
	movl	320(%rsp,%r13,4), %esi
	xorl	%r15d, %r15d
	leaq	.L.str.46(%rip), %rdi
	xorl	%eax, %eax
	callq	printf@PLT
	movq	%r13, %rsi
	shlq	$8, %rsi
	leaq	main.cpus_t(%rip), %rax
	addq	%rax, %rsi
	movq	%r14, %rbp
	cmpb	$0, 60(%rsp)                    # 1-byte Folded Reload
	jne	.LBB0_122
# %bb.121:                              #   in Loop: Header=BB0_117 Depth=1
	movl	320(%rsp,%r13,4), %r15d
	leaq	.L.str.14(%rip), %rbp
	jmp	.LBB0_122
.LBB0_123:
	testl	%eax, %eax
	je	.LBB0_129
# %bb.124:
	xorl	%eax, %eax
	leaq	.L.str.53(%rip), %r12
	leaq	.L.str.14(%rip), %r14
	leaq	448(%rsp), %rbp
	jmp	.LBB0_125
	.p2align	6, 0x90
.LBB0_128:                              #   in Loop: Header=BB0_125 Depth=1
	movq	64(%rsp), %rax                  # 8-byte Reload
	addq	$1, %rax
	cmpq	72(%rsp), %rax                  # 8-byte Folded Reload
	je	.LBB0_129
.LBB0_125:                              # =>This Loop Header: Depth=1
                                        #     Child Loop BB0_127 Depth 2
	movq	%rax, 64(%rsp)                  # 8-byte Spill
	leaq	(%rax,%rax,2), %rax
	shlq	$4, %rax
	cmpl	$0, 1736(%rsp,%rax)
	jle	.LBB0_128
# %bb.126:                              #   in Loop: Header=BB0_125 Depth=1
	leaq	(%rsp,%rax), %rbx
	addq	$1736, %rbx                     # imm = 0x6C8
	addq	%rsp, %rax
	addq	$1712, %rax                     # imm = 0x6B0
	movq	%rax, 40(%rsp)                  # 8-byte Spill
	xorl	%r13d, %r13d
	xorl	%r15d, %r15d
	.p2align	6, 0x90
.LBB0_127:                              #   Parent Loop BB0_125 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	movq	-8(%rbx), %rcx
	addq	%r13, %rcx
	movq	%r12, %rdi
	movq	%r14, %rsi
	movq	40(%rsp), %rdx                  # 8-byte Reload
	movq	%rbp, %r8
	callq	print_ratio@PLT
	addq	$1, %r15
	movslq	(%rbx), %rax
	addq	$544, %r13                      # imm = 0x220
	cmpq	%rax, %r15
	jl	.LBB0_127
	jmp	.LBB0_128
.LBB0_129:
	movq	96(%rsp), %rax                  # 8-byte Reload
	cmpl	84(%rsp), %eax                  # 4-byte Folded Reload
	jle	.LBB0_137
# %bb.130:
	leaq	448(%rsp), %r8
	movq	72(%rsp), %rcx                  # 8-byte Reload
	jmp	.LBB0_131
	.p2align	6, 0x90
.LBB0_136:                              #   in Loop: Header=BB0_131 Depth=1
	movq	48(%rsp), %rcx                  # 8-byte Reload
	addq	$1, %rcx
	movq	96(%rsp), %rax                  # 8-byte Reload
	cmpl	%ecx, %eax
	leaq	448(%rsp), %r8
	je	.LBB0_137
.LBB0_131:                              # =>This Loop Header: Depth=1
                                        #     Child Loop BB0_133 Depth 2
	leaq	(%rcx,%rcx,2), %rax
	shlq	$4, %rax
	leaq	(%rsp,%rax), %r13
	addq	$1712, %r13                     # imm = 0x6B0
	movq	%rcx, 48(%rsp)                  # 8-byte Spill
	subq	72(%rsp), %rcx                  # 8-byte Folded Reload
	movq	%rcx, 40(%rsp)                  # 8-byte Spill
	movq	%rax, 64(%rsp)                  # 8-byte Spill
	cmpl	$0, 1720(%rsp,%rax)
	leaq	.L.str.54(%rip), %r12
	jle	.LBB0_134
# %bb.132:                              #   in Loop: Header=BB0_131 Depth=1
	movq	64(%rsp), %rax                  # 8-byte Reload
	leaq	(%rsp,%rax), %rbx
	addq	$1720, %rbx                     # imm = 0x6B8
	movq	40(%rsp), %rax                  # 8-byte Reload
	leaq	(%rax,%rax,2), %rax
	shlq	$5, %rax
	leaq	(%rsp,%rax), %rbp
	addq	$3312, %rbp                     # imm = 0xCF0
	xorl	%r15d, %r15d
	xorl	%r14d, %r14d
	.p2align	6, 0x90
.LBB0_133:                              #   Parent Loop BB0_131 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	movq	(%r13), %rdx
	addq	%r15, %rdx
	movq	%r12, %rdi
	movq	%rbp, %rsi
	movq	%r13, %rcx
	leaq	448(%rsp), %r8
	callq	print_cell@PLT
	leaq	448(%rsp), %r8
	addq	$1, %r14
	movslq	(%rbx), %rax
	addq	$1280, %r15                     # imm = 0x500
	cmpq	%rax, %r14
	jl	.LBB0_133
.LBB0_134:                              #   in Loop: Header=BB0_131 Depth=1
	movq	40(%rsp), %rbx                  # 8-byte Reload
	leaq	(%rbx,%rbx,2), %rax
	shlq	$5, %rax
	leaq	(%rsp,%rax), %rbp
	addq	$3312, %rbp                     # imm = 0xCF0
	movq	64(%rsp), %rax                  # 8-byte Reload
	movq	1728(%rsp,%rax), %rcx
	leaq	.L.str.55(%rip), %rdi
	movq	%rbp, %rsi
	movq	%r13, %rdx
	callq	print_ratio@PLT
	imull	$-1431655765, %ebx, %eax        # imm = 0xAAAAAAAB
	addl	$715827882, %eax                # imm = 0x2AAAAAAA
	cmpl	$1431655765, %eax               # imm = 0x55555555
	jae	.LBB0_136
# %bb.135:                              #   in Loop: Header=BB0_131 Depth=1
	leaq	.L.str.56(%rip), %rdi
	movq	%rbp, %rsi
	xorl	%eax, %eax
	callq	printf@PLT
	movq	(%r13), %rax
	movslq	36(%rax), %rax
	movsd	488(%rsp,%rax,8), %xmm0         # xmm0 = mem[0],zero
	leaq	.L.str.51(%rip), %rdi
	movl	$4, %esi
	callq	put@PLT
	movl	$10, %edi
	callq	putchar@PLT
	jmp	.LBB0_136
.LBB0_137:
	testl	%eax, %eax
	movq	136(%rsp), %rbx                 # 8-byte Reload
	leaq	1712(%rsp), %rbp
	jle	.LBB0_138
	.p2align	6, 0x90
.LBB0_153:                              # =>This Inner Loop Header: Depth=1
	movq	%rbp, %rdi
	callq	drop_block@PLT
	addq	$48, %rbp
	addq	$-1, %rbx
	jne	.LBB0_153
.LBB0_138:
	cmpq	$0, 168(%rsp)
	je	.LBB0_8
# %bb.139:
	cmpl	$0, 80(%rsp)                    # 4-byte Folded Reload
	jne	.LBB0_8
# %bb.140:
	leaq	.L.str.20(%rip), %rax
	leaq	.L.str.19(%rip), %rsi
	cmpb	$0, 60(%rsp)                    # 1-byte Folded Reload
	cmovneq	%rax, %rsi
	leaq	.L.str.18(%rip), %rdi
	xorl	%eax, %eax
	callq	printf@PLT
	jmp	.LBB0_8
.LBB0_147:
	leaq	.L.str.29(%rip), %rdi
	callq	getenv@PLT
	leaq	.L.str.30(%rip), %rdi
	movq	%rax, %rsi
	movq	%rbp, %rdx
	xorl	%eax, %eax
	callq	die_usage@PLT
.LBB0_151:
	leaq	.L.str.38(%rip), %rdi
	movq	48(%rsp), %rsi                  # 8-byte Reload
	movq	%rbx, %rdx
	xorl	%eax, %eax
	callq	die_usage@PLT
.LBB0_148:
	leaq	.L.str.33(%rip), %rdi
	movq	48(%rsp), %rsi                  # 8-byte Reload
	movl	$8, %edx
	xorl	%eax, %eax
	callq	die_usage@PLT
.LBB0_150:
	leaq	.L.str.36(%rip), %rdi
	movq	48(%rsp), %rsi                  # 8-byte Reload
	xorl	%eax, %eax
	callq	die_usage@PLT
.LBB0_149:
	leaq	.L.str.35(%rip), %rdi
	movl	$47, %edx
	movq	48(%rsp), %rsi                  # 8-byte Reload
	xorl	%eax, %eax
	callq	die_usage@PLT
.LBB0_11:
	leaq	.L.str.4(%rip), %rdi
	movq	%rbp, %rsi
	xorl	%eax, %eax
	callq	die_usage@PLT
.Lfunc_end0:
	.size	main, .Lfunc_end0-main
	.cfi_endproc
                                        # -- End function
	.p2align	4, 0x90                         # -- Begin function cpu_order
	.type	cpu_order,@function
cpu_order:                              # @cpu_order
	.cfi_startproc
# %bb.0:
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r15
	.cfi_def_cfa_offset 24
	pushq	%r14
	.cfi_def_cfa_offset 32
	pushq	%r13
	.cfi_def_cfa_offset 40
	pushq	%r12
	.cfi_def_cfa_offset 48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	subq	$40, %rsp
	.cfi_def_cfa_offset 96
	.cfi_offset %rbx, -56
	.cfi_offset %r12, -48
	.cfi_offset %r13, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	movq	%rsi, %r15
	movl	%edi, %ebp
	movl	$3, 12(%rsp)
	movl	main.allowed(%rip), %edi
	xorl	%ebx, %ebx
	leaq	12(%rsp), %rsi
	xorl	%edx, %edx
	callq	cache_llc@PLT
	movl	%ebp, 24(%rsp)                  # 4-byte Spill
	movslq	%ebp, %rax
	movq	%rax, 32(%rsp)                  # 8-byte Spill
	xorl	%r14d, %r14d
	.p2align	6, 0x90
.LBB1_1:                                # =>This Loop Header: Depth=1
                                        #     Child Loop BB1_3 Depth 2
                                        #       Child Loop BB1_17 Depth 3
	cmpl	$0, 24(%rsp)                    # 4-byte Folded Reload
	jle	.LBB1_5
# %bb.2:                                #   in Loop: Header=BB1_1 Depth=1
	xorl	%ecx, %ecx
	movl	%r14d, 28(%rsp)                 # 4-byte Spill
	.p2align	6, 0x90
.LBB1_3:                                #   Parent Loop BB1_1 Depth=1
                                        # =>  This Loop Header: Depth=2
                                        #       Child Loop BB1_17 Depth 3
	leaq	main.allowed(%rip), %rax
	movq	%rcx, (%rsp)                    # 8-byte Spill
	movl	(%rax,%rcx,4), %ebp
	testl	%ebx, %ebx
	jle	.LBB1_4
# %bb.16:                               #   in Loop: Header=BB1_3 Depth=2
	movq	%rbx, 16(%rsp)                  # 8-byte Spill
	movl	%ebx, %r13d
	xorl	%ebx, %ebx
	xorl	%r12d, %r12d
	xorl	%r14d, %r14d
	.p2align	6, 0x90
.LBB1_17:                               #   Parent Loop BB1_1 Depth=1
                                        #     Parent Loop BB1_3 Depth=2
                                        # =>    This Inner Loop Header: Depth=3
	movl	(%r15,%rbx,4), %edi
	xorl	%eax, %eax
	cmpl	%ebp, %edi
	sete	%al
	orl	%eax, %r14d
	movl	%ebp, %esi
	callq	cpus_are_smt_siblings@PLT
	xorl	%ecx, %ecx
	cmpl	$1, %eax
	sete	%cl
	orl	%ecx, %r12d
	addq	$1, %rbx
	cmpq	%rbx, %r13
	jne	.LBB1_17
# %bb.8:                                #   in Loop: Header=BB1_3 Depth=2
	testl	%r14d, %r14d
	movq	16(%rsp), %rbx                  # 8-byte Reload
	movl	28(%rsp), %r14d                 # 4-byte Reload
	jne	.LBB1_22
	jmp	.LBB1_9
	.p2align	6, 0x90
.LBB1_4:                                #   in Loop: Header=BB1_3 Depth=2
	xorl	%r12d, %r12d
.LBB1_9:                                #   in Loop: Header=BB1_3 Depth=2
	movl	%ebp, %r13d
	testl	%ebx, %ebx
	je	.LBB1_11
# %bb.10:                               #   in Loop: Header=BB1_3 Depth=2
	movl	(%r15), %r13d
.LBB1_11:                               #   in Loop: Header=BB1_3 Depth=2
	movl	%r13d, %edi
	movl	%ebp, %esi
	movl	$2, %edx
	callq	cpus_share_cache@PLT
	movl	%eax, 16(%rsp)                  # 4-byte Spill
	movl	12(%rsp), %edx
	movl	%r13d, %edi
	movl	%ebp, %esi
	callq	cpus_share_cache@PLT
	cmpl	$1, %r14d
	je	.LBB1_18
# %bb.12:                               #   in Loop: Header=BB1_3 Depth=2
	testl	%r14d, %r14d
	jne	.LBB1_19
# %bb.13:                               #   in Loop: Header=BB1_3 Depth=2
	testl	%r12d, %r12d
	jne	.LBB1_22
# %bb.14:                               #   in Loop: Header=BB1_3 Depth=2
	cmpl	$0, 16(%rsp)                    # 4-byte Folded Reload
	jne	.LBB1_15
	jmp	.LBB1_22
	.p2align	6, 0x90
.LBB1_18:                               #   in Loop: Header=BB1_3 Depth=2
	testl	%r12d, %r12d
	jne	.LBB1_22
.LBB1_15:                               #   in Loop: Header=BB1_3 Depth=2
	testl	%eax, %eax
	jne	.LBB1_21
	jmp	.LBB1_22
	.p2align	6, 0x90
.LBB1_19:                               #   in Loop: Header=BB1_3 Depth=2
	cmpl	$2, %r14d
	jne	.LBB1_21
# %bb.20:                               #   in Loop: Header=BB1_3 Depth=2
	testl	%r12d, %r12d
	jne	.LBB1_22
	.p2align	6, 0x90
.LBB1_21:                               #   in Loop: Header=BB1_3 Depth=2
	movslq	%ebx, %rax
	addl	$1, %ebx
	movl	%ebp, (%r15,%rax,4)
.LBB1_22:                               #   in Loop: Header=BB1_3 Depth=2
	movq	(%rsp), %rcx                    # 8-byte Reload
	addq	$1, %rcx
	cmpq	32(%rsp), %rcx                  # 8-byte Folded Reload
	jge	.LBB1_5
# %bb.23:                               #   in Loop: Header=BB1_3 Depth=2
	cmpl	$64, %ebx
	jl	.LBB1_3
.LBB1_5:                                #   in Loop: Header=BB1_1 Depth=1
	cmpl	$2, %r14d
	ja	.LBB1_7
# %bb.6:                                #   in Loop: Header=BB1_1 Depth=1
	addl	$1, %r14d
	cmpl	$64, %ebx
	jl	.LBB1_1
.LBB1_7:
	movl	%ebx, %eax
	addq	$40, %rsp
	.cfi_def_cfa_offset 56
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%r12
	.cfi_def_cfa_offset 40
	popq	%r13
	.cfi_def_cfa_offset 32
	popq	%r14
	.cfi_def_cfa_offset 24
	popq	%r15
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end1:
	.size	cpu_order, .Lfunc_end1-cpu_order
	.cfi_endproc
                                        # -- End function
	.p2align	4, 0x90                         # -- Begin function find_pairs
	.type	find_pairs,@function
find_pairs:                             # @find_pairs
	.cfi_startproc
# %bb.0:
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r15
	.cfi_def_cfa_offset 24
	pushq	%r14
	.cfi_def_cfa_offset 32
	pushq	%r13
	.cfi_def_cfa_offset 40
	pushq	%r12
	.cfi_def_cfa_offset 48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	subq	$104, %rsp
	.cfi_def_cfa_offset 160
	.cfi_offset %rbx, -56
	.cfi_offset %r12, -48
	.cfi_offset %r13, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	movq	%rsi, %rbp
	movl	%edi, %ebx
	movl	$3, 12(%rsp)
	movl	main.allowed(%rip), %edi
	xorl	%r15d, %r15d
	leaq	12(%rsp), %rsi
	xorl	%edx, %edx
	callq	cache_llc@PLT
	movl	$-1, 16(%rsp)
	movl	$-1, 24(%rsp)
	movl	$-1, 32(%rsp)
	movl	$-1, 40(%rsp)
	testl	%ebx, %ebx
	jle	.LBB2_18
# %bb.1:
	movq	%rbp, 56(%rsp)                  # 8-byte Spill
	movl	%ebx, %eax
	leaq	main.allowed(%rip), %rcx
	xorl	%edx, %edx
	movq	%rax, 64(%rsp)                  # 8-byte Spill
	movq	%rcx, 72(%rsp)                  # 8-byte Spill
	movq	%rax, 80(%rsp)                  # 8-byte Spill
	jmp	.LBB2_2
	.p2align	6, 0x90
.LBB2_3:                                #   in Loop: Header=BB2_2 Depth=1
	addq	$4, 72(%rsp)                    # 8-byte Folded Spill
	addq	$-1, 64(%rsp)                   # 8-byte Folded Spill
	movq	80(%rsp), %rax                  # 8-byte Reload
	movq	88(%rsp), %rdx                  # 8-byte Reload
	cmpq	%rax, %rdx
	je	.LBB2_4
.LBB2_2:                                # =>This Loop Header: Depth=1
                                        #     Child Loop BB2_7 Depth 2
	movq	%rdx, %rcx
	movq	%rdx, 96(%rsp)                  # 8-byte Spill
	leaq	1(%rdx), %rcx
	movq	%rcx, 88(%rsp)                  # 8-byte Spill
	cmpq	%rax, %rcx
	jae	.LBB2_3
# %bb.6:                                #   in Loop: Header=BB2_2 Depth=1
	movl	$1, %r14d
	jmp	.LBB2_7
	.p2align	6, 0x90
.LBB2_16:                               #   in Loop: Header=BB2_7 Depth=2
	addq	$1, %r14
	cmpq	%r14, 64(%rsp)                  # 8-byte Folded Reload
	je	.LBB2_3
.LBB2_7:                                #   Parent Loop BB2_2 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	leaq	main.allowed(%rip), %rax
	movq	96(%rsp), %rcx                  # 8-byte Reload
	movl	(%rax,%rcx,4), %r13d
	movq	72(%rsp), %rax                  # 8-byte Reload
	movl	(%rax,%r14,4), %r12d
	movl	%r13d, %edi
	movl	%r12d, %esi
	callq	cpus_are_smt_siblings@PLT
	movl	%eax, %ebx
	movl	%r13d, %edi
	movl	%r12d, %esi
	movl	$2, %edx
	callq	cpus_share_cache@PLT
	movl	%eax, %ebp
	movl	12(%rsp), %edx
	movl	%r13d, %edi
	movl	%r12d, %esi
	callq	cpus_share_cache@PLT
	xorl	%r15d, %r15d
	testl	%ebx, %ebx
	js	.LBB2_24
# %bb.8:                                #   in Loop: Header=BB2_7 Depth=2
	testl	%ebp, %ebp
	js	.LBB2_24
# %bb.9:                                #   in Loop: Header=BB2_7 Depth=2
	testl	%eax, %eax
	js	.LBB2_24
# %bb.10:                               #   in Loop: Header=BB2_7 Depth=2
	testl	%ebx, %ebx
	je	.LBB2_12
# %bb.11:                               #   in Loop: Header=BB2_7 Depth=2
	xorl	%ecx, %ecx
	cmpl	$0, 16(%rsp,%rcx,8)
	jns	.LBB2_16
	jmp	.LBB2_15
	.p2align	6, 0x90
.LBB2_12:                               #   in Loop: Header=BB2_7 Depth=2
	movl	$1, %ecx
	testl	%ebp, %ebp
	je	.LBB2_13
# %bb.14:                               #   in Loop: Header=BB2_7 Depth=2
	cmpl	$0, 16(%rsp,%rcx,8)
	jns	.LBB2_16
.LBB2_15:                               #   in Loop: Header=BB2_7 Depth=2
	movl	%r13d, 16(%rsp,%rcx,8)
	movl	%r12d, 20(%rsp,%rcx,8)
	jmp	.LBB2_16
.LBB2_13:                               #   in Loop: Header=BB2_7 Depth=2
	testl	%eax, %eax
	setne	%al
	cmpl	$3, 12(%rsp)
	setge	%cl
	andb	%al, %cl
	movzbl	%cl, %ecx
	xorq	$3, %rcx
	cmpl	$0, 16(%rsp,%rcx,8)
	jns	.LBB2_16
	jmp	.LBB2_15
.LBB2_4:
	movl	16(%rsp), %eax
	testl	%eax, %eax
	js	.LBB2_5
# %bb.17:
	movl	20(%rsp), %ecx
	movq	56(%rsp), %rbp                  # 8-byte Reload
	movl	%eax, (%rbp)
	movl	%ecx, 4(%rbp)
	xorps	%xmm0, %xmm0
	movups	%xmm0, 12(%rbp)
	movups	%xmm0, 28(%rbp)
	movups	%xmm0, 40(%rbp)
	movl	$7630195, 8(%rbp)               # imm = 0x746D73
	movl	$1, %r15d
	jmp	.LBB2_18
.LBB2_5:
	xorl	%r15d, %r15d
	movq	56(%rsp), %rbp                  # 8-byte Reload
.LBB2_18:
	movl	24(%rsp), %ecx
	movabsq	$7809070665757190259, %rax      # imm = 0x6C5F646572616873
	testl	%ecx, %ecx
	js	.LBB2_20
# %bb.19:
	movl	%r15d, %edx
	movl	28(%rsp), %esi
	imulq	$56, %rdx, %rdx
	movl	%ecx, (%rbp,%rdx)
	movl	%esi, 4(%rbp,%rdx)
	addl	$1, %r15d
	xorps	%xmm0, %xmm0
	movups	%xmm0, 18(%rbp,%rdx)
	movups	%xmm0, 34(%rbp,%rdx)
	movq	$0, 48(%rbp,%rdx)
	movq	%rax, 8(%rbp,%rdx)
	movw	$50, 16(%rbp,%rdx)
.LBB2_20:
	movl	32(%rsp), %ecx
	testl	%ecx, %ecx
	js	.LBB2_22
# %bb.21:
	movl	%r15d, %edx
	movl	36(%rsp), %esi
	imulq	$56, %rdx, %rdx
	movl	%ecx, (%rbp,%rdx)
	movl	%esi, 4(%rbp,%rdx)
	addl	$1, %r15d
	xorps	%xmm0, %xmm0
	movups	%xmm0, 23(%rbp,%rdx)
	movups	%xmm0, 39(%rbp,%rdx)
	movb	$0, 55(%rbp,%rdx)
	movq	%rax, 8(%rbp,%rdx)
	movabsq	$34177693752701804, %rax        # imm = 0x796C6E6F5F336C
	movq	%rax, 15(%rbp,%rdx)
.LBB2_22:
	movl	40(%rsp), %eax
	testl	%eax, %eax
	js	.LBB2_24
# %bb.23:
	movl	%r15d, %ecx
	movl	44(%rsp), %edx
	imulq	$56, %rcx, %rcx
	movl	%eax, (%rbp,%rcx)
	movl	%edx, 4(%rbp,%rcx)
	addl	$1, %r15d
	xorps	%xmm0, %xmm0
	movups	%xmm0, 18(%rbp,%rcx)
	movups	%xmm0, 34(%rbp,%rcx)
	movq	$0, 48(%rbp,%rcx)
	movabsq	$7809087218511930209, %rax      # imm = 0x6C5F73736F726361
	movq	%rax, 8(%rbp,%rcx)
	movw	$51, 16(%rbp,%rcx)
.LBB2_24:
	movl	%r15d, %eax
	addq	$104, %rsp
	.cfi_def_cfa_offset 56
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%r12
	.cfi_def_cfa_offset 40
	popq	%r13
	.cfi_def_cfa_offset 32
	popq	%r14
	.cfi_def_cfa_offset 24
	popq	%r15
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end2:
	.size	find_pairs, .Lfunc_end2-find_pairs
	.cfi_endproc
                                        # -- End function
	.p2align	4, 0x90                         # -- Begin function inc_store
	.type	inc_store,@function
inc_store:                              # @inc_store
	.cfi_startproc
# %bb.0:
	movq	(%rdi), %rax
	testq	%rsi, %rsi
	je	.LBB3_3
# %bb.1:
	addq	$1, %rax
	.p2align	6, 0x90
.LBB3_2:                                # =>This Inner Loop Header: Depth=1
	movq	%rax, (%rdi)
	addq	$1, %rax
	addq	$-1, %rsi
	jne	.LBB3_2
.LBB3_3:
	retq
.Lfunc_end3:
	.size	inc_store, .Lfunc_end3-inc_store
	.cfi_endproc
                                        # -- End function
	.p2align	4, 0x90                         # -- Begin function inc_rmw
	.type	inc_rmw,@function
inc_rmw:                                # @inc_rmw
	.cfi_startproc
# %bb.0:
	testq	%rsi, %rsi
	je	.LBB4_2
	.p2align	6, 0x90
.LBB4_1:                                # =>This Inner Loop Header: Depth=1
	addq	$1, (%rdi)
	addq	$-1, %rsi
	jne	.LBB4_1
.LBB4_2:
	retq
.Lfunc_end4:
	.size	inc_rmw, .Lfunc_end4-inc_rmw
	.cfi_endproc
                                        # -- End function
	.p2align	4, 0x90                         # -- Begin function inc_atomic
	.type	inc_atomic,@function
inc_atomic:                             # @inc_atomic
	.cfi_startproc
# %bb.0:
	testq	%rsi, %rsi
	je	.LBB5_2
	.p2align	6, 0x90
.LBB5_1:                                # =>This Inner Loop Header: Depth=1
	lock		addq	$1, (%rdi)
	addq	$-1, %rsi
	jne	.LBB5_1
.LBB5_2:
	retq
.Lfunc_end5:
	.size	inc_atomic, .Lfunc_end5-inc_atomic
	.cfi_endproc
                                        # -- End function
	.p2align	4, 0x90                         # -- Begin function inc_register
	.type	inc_register,@function
inc_register:                           # @inc_register
	.cfi_startproc
# %bb.0:
	movq	(%rdi), %rax
	testq	%rsi, %rsi
	je	.LBB6_2
	.p2align	6, 0x90
.LBB6_1:                                # =>This Inner Loop Header: Depth=1
	addq	$1, %rax
	#APP
	#NO_APP
	addq	$-1, %rsi
	jne	.LBB6_1
.LBB6_2:
	movq	%rax, (%rdi)
	retq
.Lfunc_end6:
	.size	inc_register, .Lfunc_end6-inc_register
	.cfi_endproc
                                        # -- End function
	.type	.L.str,@object                  # @.str
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:
	.asciz	"-h"
	.size	.L.str, 3

	.type	.L.str.1,@object                # @.str.1
.L.str.1:
	.asciz	"--help"
	.size	.L.str.1, 7

	.type	.L.str.2,@object                # @.str.2
.L.str.2:
	.asciz	"--rederive"
	.size	.L.str.2, 11

	.type	increments,@object              # @increments
	.section	.data.rel.ro,"aw",@progbits
	.p2align	4
increments:
	.quad	.L.str.22
	.quad	inc_store
	.quad	.L.str.23
	.quad	inc_rmw
	.quad	.L.str.24
	.quad	inc_atomic
	.quad	.L.str.25
	.quad	inc_register
	.size	increments, 64

	.type	.L.str.3,@object                # @.str.3
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str.3:
	.asciz	"cannot write the results to stdout"
	.size	.L.str.3, 35

	.type	.L.str.4,@object                # @.str.4
.L.str.4:
	.asciz	"unknown argument '%s': false_sharing takes only -h (knobs are environment variables)"
	.size	.L.str.4, 85

	.type	main.allowed,@object            # @main.allowed
	.local	main.allowed
	.comm	main.allowed,4096,16
	.type	.L.str.5,@object                # @.str.5
.L.str.5:
	.asciz	"RESULT exp=false_sharing kind=line source=compiled_pad_stride line_bytes=%d\n"
	.size	.L.str.5, 77

	.type	.L.str.6,@object                # @.str.6
.L.str.6:
	.asciz	"RESULT exp=false_sharing kind=line source=%s line_bytes=%ld\n"
	.size	.L.str.6, 61

	.type	.L.str.7,@object                # @.str.7
.L.str.7:
	.asciz	"RESULT exp=false_sharing kind=plan iters_log2=%ld reps_min=%ld rounds_max=%ld max_cell_s=%g rel_target=%g abs_floor_ns=%g interference_share=%g slow_canary=%g probes=%s allowed_cpus=%d online_cpus=%d\n"
	.size	.L.str.7, 201

	.type	.L.str.11,@object               # @.str.11
.L.str.11:
	.asciz	"false_sharing: PIN=1 but threads cannot be pinned here; running unpinned\n"
	.size	.L.str.11, 74

	.type	main.cpus_t,@object             # @main.cpus_t
	.local	main.cpus_t
	.comm	main.cpus_t,4096,16
	.type	.L.str.12,@object               # @.str.12
.L.str.12:
	.asciz	"RESULT exp=false_sharing kind=skip threads=%d allowed_cpus=%d reason=above_allowed_cpus\n"
	.size	.L.str.12, 89

	.type	.L.str.13,@object               # @.str.13
.L.str.13:
	.asciz	"false_sharing: skipping %d threads: this process may run on %d CPU%s (THREADS=%d runs it oversubscribed)\n"
	.size	.L.str.13, 106

	.type	.L.str.14,@object               # @.str.14
.L.str.14:
	.zero	1
	.size	.L.str.14, 1

	.type	.L.str.15,@object               # @.str.15
.L.str.15:
	.asciz	"s"
	.size	.L.str.15, 2

	.type	.L.str.16,@object               # @.str.16
.L.str.16:
	.asciz	" class=%s pair=%d,%d"
	.size	.L.str.16, 21

	.type	.L.str.17,@object               # @.str.17
.L.str.17:
	.asciz	"false_sharing: done; %ld cell-rounds in %.1f s\n"
	.size	.L.str.17, 48

	.type	.L.str.18,@object               # @.str.18
.L.str.18:
	.asciz	"RESULT exp=false_sharing kind=pairs_skip reason=%s\n"
	.size	.L.str.18, 52

	.type	.L.str.19,@object               # @.str.19
.L.str.19:
	.asciz	"topology_unknown"
	.size	.L.str.19, 17

	.type	.L.str.20,@object               # @.str.20
.L.str.20:
	.asciz	"unpinned"
	.size	.L.str.20, 9

	.type	.L.str.21,@object               # @.str.21
.L.str.21:
	.asciz	"usage: false_sharing [-h] [--rederive RAW]\n  Threads increment their own counters placed 8, 64 or 128 bytes apart and\n  report ns and cycles per increment with 95%% intervals. Knobs come from\n  the environment:\n  ITERS_LOG2=%d     increments per thread and round = 2^N (10..34)\n  REPS=%d           at least this many clean rounds per cell (1..1001); rounds\n                    are added until every interval is within 5%% of its\n                    estimate, up to 4 x REPS + 10 rounds\n  MAX_CELL_S=%d     seconds of rounds per increment's block of cells (0..3600)\n  THREADS=1,2,4,8   thread counts (1..%d, no repeats); counts above the CPUs\n                    this process may run on are skipped unless named here,\n                    then run as oversubscribed\n  PIN=1             Linux: pin one thread per physical core, a shared-cache\n                    domain first; 0 leaves placement to the OS (default 0\n                    where the OS has no affinity API)\n  PAIRS=1           at 2 threads, also measure each CPU-pair class the\n                    topology has (shared L2, shared L3 only, across, SMT)\n  PAIR_CPUS=a,b:name;c,d:name  those pairs instead of the topology's (at most\n                    %d; run.sh names one per class of the core-to-core map)\n  Cycles per increment come from a speed canary run in the same round.\n  --rederive RAW  measure nothing: the figure and speed_level lines of each\n                  invocation again from RAW's inv-tagged samples lines\n"
	.size	.L.str.21, 1486

	.type	.L.str.22,@object               # @.str.22
.L.str.22:
	.asciz	"store"
	.size	.L.str.22, 6

	.type	.L.str.23,@object               # @.str.23
.L.str.23:
	.asciz	"rmw"
	.size	.L.str.23, 4

	.type	.L.str.24,@object               # @.str.24
.L.str.24:
	.asciz	"atomic"
	.size	.L.str.24, 7

	.type	.L.str.25,@object               # @.str.25
.L.str.25:
	.asciz	"register"
	.size	.L.str.25, 9

	.type	.L.str.26,@object               # @.str.26
.L.str.26:
	.asciz	"ITERS_LOG2"
	.size	.L.str.26, 11

	.type	.L.str.27,@object               # @.str.27
.L.str.27:
	.asciz	"PIN"
	.size	.L.str.27, 4

	.type	.L.str.28,@object               # @.str.28
.L.str.28:
	.asciz	"PAIRS"
	.size	.L.str.28, 6

	.type	.L.str.29,@object               # @.str.29
.L.str.29:
	.asciz	"THREADS"
	.size	.L.str.29, 8

	.type	.L.str.30,@object               # @.str.30
.L.str.30:
	.asciz	"THREADS=%s: %ld is named twice; name each thread count once"
	.size	.L.str.30, 60

	.type	read_knobs.def,@object          # @read_knobs.def
	.section	.rodata.cst32,"aM",@progbits,32
	.p2align	4
read_knobs.def:
	.quad	1                               # 0x1
	.quad	2                               # 0x2
	.quad	4                               # 0x4
	.quad	8                               # 0x8
	.size	read_knobs.def, 32

	.type	.L.str.31,@object               # @.str.31
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str.31:
	.asciz	"PAIR_CPUS"
	.size	.L.str.31, 10

	.type	.L.str.32,@object               # @.str.32
.L.str.32:
	.asciz	"%d,%d:%n"
	.size	.L.str.32, 9

	.type	.L.str.33,@object               # @.str.33
.L.str.33:
	.asciz	"PAIR_CPUS=%s: expected up to %d entries a,b:name separated by ';'"
	.size	.L.str.33, 66

	.type	.L.str.34,@object               # @.str.34
.L.str.34:
	.asciz	"abcdefghijklmnopqrstuvwxyz0123456789_"
	.size	.L.str.34, 38

	.type	.L.str.35,@object               # @.str.35
.L.str.35:
	.asciz	"PAIR_CPUS=%s: a name is 1-%zu of a-z, 0-9, _"
	.size	.L.str.35, 45

	.type	.L.str.36,@object               # @.str.36
.L.str.36:
	.asciz	"PAIR_CPUS=%s: %d,%d is not two CPUs this process may run on"
	.size	.L.str.36, 60

	.type	.L.str.38,@object               # @.str.38
.L.str.38:
	.asciz	"PAIR_CPUS=%s: the name %s is used twice"
	.size	.L.str.38, 40

	.type	.L.str.39,@object               # @.str.39
.L.str.39:
	.asciz	"PAIR_CPUS=%s: trailing ';'"
	.size	.L.str.39, 27

	.type	.L.str.42,@object               # @.str.42
.L.str.42:
	.asciz	"shared_l2"
	.size	.L.str.42, 10

	.type	.L.str.43,@object               # @.str.43
.L.str.43:
	.asciz	"shared_l3_only"
	.size	.L.str.43, 15

	.type	.L.str.44,@object               # @.str.44
.L.str.44:
	.asciz	"across_l3"
	.size	.L.str.44, 10

	.type	.L.str.45,@object               # @.str.45
.L.str.45:
	.asciz	"cell"
	.size	.L.str.45, 5

	.type	.L.str.46,@object               # @.str.46
.L.str.46:
	.asciz	"RESULT exp=false_sharing kind=placement threads=%d cpus="
	.size	.L.str.46, 57

	.type	.L.str.47,@object               # @.str.47
.L.str.47:
	.asciz	"%s pinning=%s oversubscribed=%d allowed_cpus=%d"
	.size	.L.str.47, 48

	.type	.L.str.48,@object               # @.str.48
.L.str.48:
	.asciz	"none"
	.size	.L.str.48, 5

	.type	.L.str.49,@object               # @.str.49
.L.str.49:
	.asciz	"granted"
	.size	.L.str.49, 8

	.type	.L.str.50,@object               # @.str.50
.L.str.50:
	.asciz	"refused"
	.size	.L.str.50, 8

	.type	.L.str.51,@object               # @.str.51
.L.str.51:
	.asciz	"canary_best_ns"
	.size	.L.str.51, 15

	.type	.L.str.53,@object               # @.str.53
.L.str.53:
	.asciz	"ratio"
	.size	.L.str.53, 6

	.type	.L.str.54,@object               # @.str.54
.L.str.54:
	.asciz	"pair"
	.size	.L.str.54, 5

	.type	.L.str.55,@object               # @.str.55
.L.str.55:
	.asciz	"pair_ratio"
	.size	.L.str.55, 11

	.type	.L.str.56,@object               # @.str.56
.L.str.56:
	.asciz	"RESULT exp=false_sharing kind=pair_placement%s threads=2"
	.size	.L.str.56, 57

	.type	.Lstr,@object                   # @str
.Lstr:
	.asciz	"RESULT exp=false_sharing kind=unpinned why=pin_0"
	.size	.Lstr, 49

	.type	.Lstr.57,@object                # @str.57
.Lstr.57:
	.asciz	"RESULT exp=false_sharing kind=unpinned why=no_affinity_api"
	.size	.Lstr.57, 59

	.type	.Lstr.58,@object                # @str.58
.Lstr.58:
	.asciz	"RESULT exp=false_sharing kind=unpinned why=no_allowed_cpu"
	.size	.Lstr.58, 58

	.hidden	now_ns
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym inc_store
	.addrsig_sym inc_rmw
	.addrsig_sym inc_atomic
	.addrsig_sym inc_register
	.addrsig_sym increments
	.addrsig_sym main.allowed
	.addrsig_sym main.cpus_t
