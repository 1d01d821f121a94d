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

#include "jvm_io.h"
#include "lockstat/service/lockStatTraceFile.hpp"
#include "memory/allocation.hpp"
#include "unittest.hpp"
#include "utilities/ostream.hpp"

// -XX:TraceLockContentionFile and -XX:TraceLockContentionReport: %p, %t and %% expanded, anything
// else refused with one message that names the flag (argument processing then fails, the VM does not start).

static char* expand(const char* pattern, stringStream* err) {
  return LockStatTraceFile::expand(pattern, 4711, "2026-11-27_14-30-00", err);
}

TEST_VM(LockStatTraceFile, expands_pid_time_and_percent) {
  stringStream err;
  char* name = expand("lockstat-%p-%t.lct", &err);
  ASSERT_NE(name, (char*)nullptr);
  EXPECT_STREQ(name, "lockstat-4711-2026-11-27_14-30-00.lct");
  os::free(name);
  name = expand("100%%-%p%p", &err);
  ASSERT_NE(name, (char*)nullptr);
  EXPECT_STREQ(name, "100%-47114711");
  os::free(name);
  name = expand("plain.lct", &err);
  ASSERT_NE(name, (char*)nullptr);
  EXPECT_STREQ(name, "plain.lct");
  os::free(name);
  EXPECT_EQ(err.size(), (size_t)0);
}

TEST_VM(LockStatTraceFile, refuses_unknown_escape) {
  stringStream err;
  EXPECT_EQ(expand("trace-%d.lct", &err), (char*)nullptr);
  EXPECT_NE(strstr(err.base(), "Invalid -XX:TraceLockContentionFile=trace-%d.lct: unknown '%d'"), (char*)nullptr) << err.base();
  stringStream trailing;
  EXPECT_EQ(expand("trace%", &trailing), (char*)nullptr);
  EXPECT_NE(strstr(trailing.base(), "unknown '% '"), (char*)nullptr) << trailing.base();
}

TEST_VM(LockStatTraceFile, refuses_empty_and_too_long) {
  stringStream err;
  EXPECT_EQ(expand("", &err), (char*)nullptr);
  EXPECT_NE(strstr(err.base(), "must not be empty"), (char*)nullptr) << err.base();
  // Short enough as written, too long once %t is expanded (19 characters for 2).
  const size_t n = JVM_MAXPATHLEN - 10;
  char* pattern = NEW_C_HEAP_ARRAY(char, n + 1, mtTest);
  memset(pattern, 'x', n);
  memcpy(pattern + n - 2, "%t", 2);
  pattern[n] = '\0';
  stringStream expanded;
  EXPECT_EQ(expand(pattern, &expanded), (char*)nullptr);
  EXPECT_NE(strstr(expanded.base(), "the expanded file name is longer than"), (char*)nullptr) << expanded.base();
  FREE_C_HEAP_ARRAY(char, pattern);
}

TEST_VM(LockStatTraceFile, names_the_flag) {
  stringStream err;
  EXPECT_EQ(LockStatTraceFile::expand("r-%x", 1, "t", &err, "TraceLockContentionReport"), (char*)nullptr);
  EXPECT_NE(strstr(err.base(), "-XX:TraceLockContentionReport="), (char*)nullptr) << err.base();
}

#endif // INCLUDE_LOCKSTAT
