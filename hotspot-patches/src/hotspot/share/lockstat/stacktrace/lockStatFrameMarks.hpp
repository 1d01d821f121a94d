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

#ifndef SHARE_LOCKSTAT_STACKTRACE_LOCKSTATFRAMEMARKS_HPP
#define SHARE_LOCKSTAT_STACKTRACE_LOCKSTATFRAMEMARKS_HPP

#include "lockstat/lockStatMacros.hpp"
#include "memory/allStatic.hpp"
#include "utilities/globalDefinitions.hpp"

#if INCLUDE_LOCKSTAT

class JavaThread;

// Return-address frame marking (Hofer et al., ICPE'15; ICPE'16 3.4). After a call-chain walk, the
// return address from the top Java frame into its caller is replaced by a trampoline that clears the
// mark and jumps to the original address. While the mark stands, the caller and every frame below it
// are unchanged, so a later walk that meets the mark stops there and reuses the cached rest.
//
// Each marking thread owns one trampoline (and one data slot with the marked stack slot and the
// original address), so any reader can translate a trampoline back to the original return address
// without knowing whose stack it reads: resolve() below, called by frame::sender. Included by
// frame_<cpu>.inline.hpp (not the facade lockstat/lockStat.hpp, which changes more often), so this
// header stays small; the trampolines' machine code is in cpu/<cpu>/lockStatTrampolines_<cpu>.cpp; see docs/design/call-chains.md for every reader of return addresses and how it
// is made safe.
class LockStatFrameMarks : AllStatic {
  static uintptr_t _trampolines;       // first trampoline; 0 until marking is set up
  static uintptr_t _trampolines_size;  // bytes of all trampolines
  static address original_of(address trampoline);

 public:
  static const int trampoline_size = 32;   // a return trampoline, then an exception fixup

  static bool is_trampoline(address pc) {
    return (uintptr_t)pc - _trampolines < _trampolines_size;
  }
  // A return address read from a stack: the original one if it is a mark's trampoline.
  static address resolve(address pc) {
    return is_trampoline(pc) ? original_of(pc) : pc;
  }

  static void initialize();   // with the first start of tracing; marking stays off if it fails
  static bool is_enabled() { return _trampolines != 0; }

  // Whether the calling thread may be marked now (the conditions are in the .cpp).
  static bool may_mark(JavaThread* jt);
  // The calling thread's mark when a walk meets the return slot 'slot': true if it is marked, with
  // the cached frames below it (key words, innermost first).
  static bool is_marked(address* slot, const uintptr_t** suffix, int* suffix_frames);
  // Marks 'slot' (the top Java frame's return into its caller) for the calling thread, caching the
  // key words of the caller and the frames below it, unless the thread has a mark standing. Only
  // where may_mark(jt).
  static void mark(JavaThread* jt, address* slot, const uintptr_t* suffix, int suffix_frames);
  // Hooks of paths that remove or move frames without returning through them (deoptimization
  // unpacking, OSR migration), and walks where marking is no longer allowed: puts the calling
  // thread's original return address back.
  static void unmark_current();
  // Exception unwinding met a trampoline as return address (SharedRuntime): the mark is gone with the
  // frame; returns a fixup stub that sets the exception pc to the original return address and jumps
  // to 'handler', the handler for that original address.
  static address exception_fixup(address trampoline, address handler);
  // Tracing stops: every mark is undone, at a safepoint.
  static void unmark_all_at_safepoint();
  // The thread ends: its trampoline goes back to the pool.
  static void release_current();
};

#else // !INCLUDE_LOCKSTAT

// Without the lockstat feature no frame is marked: a return address is its own original.
class LockStatFrameMarks : AllStatic {
 public:
  static address resolve(address pc) { return pc; }
};

#endif // INCLUDE_LOCKSTAT

#endif // SHARE_LOCKSTAT_STACKTRACE_LOCKSTATFRAMEMARKS_HPP
