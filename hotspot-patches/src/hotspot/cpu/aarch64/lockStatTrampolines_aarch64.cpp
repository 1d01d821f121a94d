/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

#include "lockstat/lockStatMacros.hpp"
#if INCLUDE_LOCKSTAT

#include "lockstat/stacktrace/lockStatTrampolines.hpp"
#include "runtime/vm_version.hpp"
#include "utilities/debug.hpp"

#include <string.h>

// Instructions whose operand is a pc-relative word offset (within 1 MB).
static uint32_t pc_relative(uint32_t opcode, address at, const void* target) {
  intptr_t disp = (intptr_t)target - (intptr_t)at;
  assert((disp & 3) == 0 && disp >= -(1 << 20) && disp < (1 << 20), "data within reach of its code");
  return opcode | ((uint32_t)((disp >> 2) & 0x7FFFF) << 5);
}

static uint32_t adr(int rd, address at, const void* target) {        // ADR xd, target
  intptr_t disp = (intptr_t)target - (intptr_t)at;
  assert(disp >= -(1 << 20) && disp < (1 << 20), "data within reach of its code");
  uint32_t imm = (uint32_t)disp & 0x1FFFFF;
  return 0x10000000 | ((imm & 3) << 29) | ((imm >> 2) << 5) | (uint32_t)rd;
}

static uint32_t ldr_literal(int rt, address at, const void* target) { // LDR xt, target
  return pc_relative(0x58000000, at, target) | (uint32_t)rt;
}

const int LockStatTrampolines::fixup_offset = 16;

// Where return addresses are signed (-XX:UseBranchProtection=pac-ret), a compiled or interpreted
// epilogue authenticates the return address it loads: an unsigned trampoline address fails and the
// return faults. Marking is then off.
bool LockStatTrampolines::supported() {
  return !VM_Version::use_rop_protection();
}

// A marked frame returns with "ret x30", x30 loaded from the marked slot: the trampoline is entered
// with x30 holding its own address, and uses x30 only, leaving it as a direct return would (the
// original address); flags are untouched:
//   return trampoline:  adr x30, slot            load the field's address
//                       str xzr, [x30]           clear the mark
//                       ldr x30, original
//                       ret x30
// The exception stubs that ask SharedRuntime::exception_handler_for_return_address for the caller's
// handler (forward_exception, C1's unwind, the interpreter's remove_activation, the continuation
// stubs) jump to it with x0 the exception, and x3 and lr the return address: the handlers read the
// exception pc from x3 (the C2 and deoptimization blobs) or lr (C1's handler lookup). The fixup puts
// the original there and jumps through rscratch1 (x8), which no handler reads on entry:
//   exception fixup:    ldr x3, original
//                       ldr x30, original
//                       ldr x8, handler
//                       br x8
void LockStatTrampolines::generate(address c, const void* slot_field, const void* original_field, const void* handler_field) {
  uint32_t code[8];
  address at = c;
  code[0] = adr(30, at, slot_field);                  at += 4;
  code[1] = 0xF90003DF;  /* str xzr, [x30] */         at += 4;
  code[2] = ldr_literal(30, at, original_field);      at += 4;
  code[3] = 0xD65F03C0;  /* ret x30 */                at += 4;
  assert(at == c + fixup_offset, "fixup follows");
  code[4] = ldr_literal(3, at, original_field);       at += 4;
  code[5] = ldr_literal(30, at, original_field);      at += 4;
  code[6] = ldr_literal(8, at, handler_field);        at += 4;
  code[7] = 0xD61F0100;  /* br x8 */
  memcpy(c, code, sizeof(code));
}

#endif // INCLUDE_LOCKSTAT
