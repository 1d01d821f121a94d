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

#ifndef SHARE_LOCKSTAT_LOCKSTATMACROS_HPP
#define SHARE_LOCKSTAT_LOCKSTATMACROS_HPP

// The JVM feature lockstat (make/autoconf/jvm-features.m4): on unless the VM is configured with
// --disable-jvm-feature-lockstat, which compiles with -DINCLUDE_LOCKSTAT=0 and leaves this directory
// out. Defined here rather than in utilities/macros.hpp, which nearly every HotSpot file includes:
// upstream code uses LOCKSTAT_ONLY only after including lockstat/lockStat.hpp, which includes this.

#ifndef INCLUDE_LOCKSTAT
#define INCLUDE_LOCKSTAT 1
#endif

#if INCLUDE_LOCKSTAT
#define LOCKSTAT_ONLY(code) code
#else
#define LOCKSTAT_ONLY(code)
#endif

// LockStat's thread-locals take the initial-exec TLS model: one %fs-relative load each. libjvm is a
// shared library, whose thread-locals otherwise take the general-dynamic model, a __tls_get_addr call
// per access (3% of all samples on a contended workload, where every event looks up its thread's
// state). Initial-exec variables of a dlopen'ed library come from glibc's static TLS surplus, which
// keeps hundreds of bytes for that; LockStat's take 37.
#define LOCKSTAT_TLS THREAD_LOCAL __attribute__((tls_model("initial-exec")))

#endif // SHARE_LOCKSTAT_LOCKSTATMACROS_HPP
