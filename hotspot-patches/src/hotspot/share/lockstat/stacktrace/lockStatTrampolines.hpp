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

#ifndef SHARE_LOCKSTAT_STACKTRACE_LOCKSTATTRAMPOLINES_HPP
#define SHARE_LOCKSTAT_STACKTRACE_LOCKSTATTRAMPOLINES_HPP

#include "memory/allStatic.hpp"
#include "utilities/globalDefinitions.hpp"

// The machine code of frame marking's trampolines (LockStatFrameMarks), one pair per thread, generated
// by cpu/<arch>/lockStatTrampolines_<arch>.cpp. Its own header, included by lockStatFrameMarks.cpp and
// the CPU files only: lockStatFrameMarks.hpp is included by the frame headers, which much of HotSpot
// includes.
class LockStatTrampolines : AllStatic {
 public:
  // The fixup's offset within a thread's 32 bytes of code.
  static const int fixup_offset;
  // Whether return addresses on this machine may be replaced by a trampoline now (not where they
  // are signed, for one).
  static bool supported();
  // Writes at 'code' (32 bytes):
  // - the return trampoline, entered by a return from the marked frame: clears *slot_field and
  //   continues at *original_field, as that return would have, with every register and flag the
  //   caller can read as the return left it;
  // - the exception fixup, at code + fixup_offset, entered instead of the handler of an exception
  //   unwound into the marked frame's caller: continues at *handler_field with the original return
  //   address where the handler expects the exception pc.
  // The three fields lie within reach of the code (LockStatFrameMarks puts them within 1 MB).
  static void generate(address code, const void* slot_field, const void* original_field, const void* handler_field);
};

#endif // SHARE_LOCKSTAT_STACKTRACE_LOCKSTATTRAMPOLINES_HPP
