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

#ifndef SHARE_LOCKSTAT_SERVICE_LOCKSTATTRACEFILE_HPP
#define SHARE_LOCKSTAT_SERVICE_LOCKSTATTRACEFILE_HPP

#include "memory/allStatic.hpp"

class outputStream;

// File names of TraceLockContentionFile and TraceLockContentionReport: with %p (pid), %t (start time, as in unified
// logging: YYYY-MM-DD_HH-MM-SS) and %% expanded.
class LockStatTraceFile : AllStatic {
 public:
  // Returns the expanded name in C heap, or nullptr after printing why the pattern is invalid.
  // flag names the option in messages.
  static char* expand(const char* pattern, int pid, const char* start_time, outputStream* err,
                      const char* flag = "TraceLockContentionFile");
};

#endif // SHARE_LOCKSTAT_SERVICE_LOCKSTATTRACEFILE_HPP
