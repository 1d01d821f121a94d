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

#ifndef SHARE_LOCKSTAT_EVENTS_LOCKSTATVECTORSTATE_HPP
#define SHARE_LOCKSTAT_EVENTS_LOCKSTATVECTORSTATE_HPP

#include "memory/allStatic.hpp"
#include "runtime/vm_version.hpp"

// The vector registers' state that compiled Java code leaves behind when it calls into the VM.
// With AVX-512 (UseAVX=3) C2's code can leave the upper halves of YMM0-15 dirty (it zeroes small
// constant-size allocations with 256-bit stores, for one) and emits vzeroupper before a call only
// in methods that use wide vectors themselves, so a recorded release diverted from C2's unlock
// code may arrive with them dirty (with -XX:UseAVX=2 the cost below was gone). The first legacy-SSE instruction
// the C++ compiler emitted after that (zeroing a struct, a 16-byte copy) then pays an AVX-SSE
// transition: 170-200 ns on the 2-core Intel Xeon under KVM where it was 11% of all CPU samples
// on ShortSectionDemo with 16 threads, once per recorded release (bench/contended/
// critical-section-2cpu.txt). LockStat's code that runs per release clears them first: one
// vzeroupper, a cycle or so, and nothing on CPUs without AVX or off x86.
class LockStatVectorState : AllStatic {
 public:
  static void clear_upper() {
#if defined(AMD64) && !defined(ZERO)
    if (VM_Version::supports_avx()) {
      __asm__ volatile("vzeroupper" ::: "memory");
    }
#endif
  }
};

#endif // SHARE_LOCKSTAT_EVENTS_LOCKSTATVECTORSTATE_HPP
