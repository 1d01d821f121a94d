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

#include "jvm_io.h"
#include "lockstat/service/lockStatTraceFile.hpp"
#include "memory/allocation.hpp"
#include "runtime/os.hpp"
#include "utilities/ostream.hpp"

// The flag's value is echoed only when short: HotSpot's streams cut long lines, and the reason must
// stay visible.
static const char* shown(const char* pattern) {
  return strlen(pattern) <= 200 ? pattern : "<the value given>";
}

char* LockStatTraceFile::expand(const char* pattern, int pid, const char* start_time, outputStream* err,
                                const char* flag) {
  if (pattern == nullptr || pattern[0] == '\0') {
    err->print_cr("Invalid -XX:%s=: the file name must not be empty", flag);
    return nullptr;
  }
  if (strlen(pattern) >= JVM_MAXPATHLEN) {
    err->print_cr("Invalid -XX:%s: the file name is longer than %d characters", flag, JVM_MAXPATHLEN - 1);
    return nullptr;
  }
  stringStream out;
  for (const char* p = pattern; *p != '\0'; p++) {
    if (*p != '%') {
      out.put(*p);
      continue;
    }
    switch (p[1]) {
      case 'p': out.print("%d", pid); p++; break;
      case 't': out.print("%s", start_time); p++; break;
      case '%': out.put('%'); p++; break;
      default:
        err->print_cr("Invalid -XX:%s=%s: unknown '%%%c' (use %%p for the process id, "
                      "%%t for the start time, %%%% for a percent sign)", flag, shown(pattern), p[1] == '\0' ? ' ' : p[1]);
        return nullptr;
    }
  }
  if (out.size() >= JVM_MAXPATHLEN) {
    err->print_cr("Invalid -XX:%s=%s: the expanded file name is longer than %d characters",
                  flag, shown(pattern), JVM_MAXPATHLEN - 1);
    return nullptr;
  }
  return os::strdup(out.base(), mtTracing);
}
