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
#include "utilities/debug.hpp"

#include <string.h>

static void put_disp32(address at, address next_instruction, const void* target) {
  intptr_t disp = (intptr_t)target - (intptr_t)next_instruction;
  assert(disp == (intptr_t)(int32_t)disp, "data within reach of its code");
  int32_t d = (int32_t)disp;
  memcpy(at, &d, sizeof(d));
}

const int LockStatTrampolines::fixup_offset = 17;

// A call pushes its return address and ret pops it: nothing else on x86_64 holds it.
bool LockStatTrampolines::supported() {
  return true;
}

// Rip-relative, touching no register (the fixup: rdx only) and no flag:
//   return trampoline:  mov qword ptr [rip + slot], 0       48 C7 05 d32 00 00 00 00
//                       jmp qword ptr [rip + original]      FF 25 d32
//   exception fixup:    mov rdx, qword ptr [rip + original] 48 8B 15 d32
//                       jmp qword ptr [rip + handler]       FF 25 d32
// rdx is where every exception handler of x86_64 HotSpot expects the exception pc.
void LockStatTrampolines::generate(address c, const void* slot_field, const void* original_field, const void* handler_field) {
  c[0] = 0x48; c[1] = 0xC7; c[2] = 0x05; put_disp32(c + 3, c + 11, slot_field);
  c[7] = c[8] = c[9] = c[10] = 0;
  c[11] = 0xFF; c[12] = 0x25; put_disp32(c + 13, c + 17, original_field);
  address f = c + fixup_offset;
  f[0] = 0x48; f[1] = 0x8B; f[2] = 0x15; put_disp32(f + 3, f + 7, original_field);
  f[7] = 0xFF; f[8] = 0x25; put_disp32(f + 9, f + 13, handler_field);
  for (address p = f + 13; p < c + 32; p++) {
    *p = 0xCC;
  }
}

#endif // INCLUDE_LOCKSTAT
