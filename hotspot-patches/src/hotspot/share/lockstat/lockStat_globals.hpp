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

#ifndef SHARE_LOCKSTAT_LOCKSTAT_GLOBALS_HPP
#define SHARE_LOCKSTAT_LOCKSTAT_GLOBALS_HPP

#include "lockstat/lockStatMacros.hpp"
#include "runtime/globals_shared.hpp"

#if INCLUDE_LOCKSTAT

// Flags of lock contention tracing. A group of their own (like CDS_FLAGS); runtime/flags/allFlags.hpp
// includes this header, so adding one recompiles the ~700 files that include that (703 of 1,258).
#define LOCKSTAT_FLAGS(develop,                                                 \
                       develop_pd,                                              \
                       product,                                                 \
                       product_pd,                                              \
                       range,                                                   \
                       constraint)                                              \
                                                                                \
  product(bool, TraceLockContention, false,                                     \
          "Trace lock contention (who blocked whom, where, for how long) "      \
          "into a trace file for the lockstat tool")                            \
                                                                                \
  product(ccstr, TraceLockContentionFile, "lockstat-%p.lct",                    \
          "Trace file of -XX:+TraceLockContention; %p is replaced by the "      \
          "process id, %t by the start time (YYYY-MM-DD_HH-MM-SS), %% by %")    \
                                                                                \
  product(bool, TraceLockContentionCompress, true,                              \
          "Compress the lock contention trace (Snappy framing format)")         \
                                                                                \
  product(ccstr, TraceLockContentionReport, "",                                 \
          "Analyze lock contention while the application runs and write the "   \
          "report to this file at exit (also: jcmd <pid> LockStat.report); "    \
          "%p, %t and %% as in TraceLockContentionFile. Turns tracing on; "     \
          "a trace file is written only with -XX:+TraceLockContention")          \
                                                                                \
  product(ccstr, TraceLockContentionProfiles, "",                               \
          "Write each interval's lock contention profiles (pprof: owners' "     \
          "and blocked threads' chains) into this directory, rotating, "        \
          "instead of a trace file: DIR[,interval=60s][,keep=60]; %p, %t "      \
          "and %% as in TraceLockContentionFile. Turns tracing on")             \
                                                                                \
  product(bool, TraceLockContentionCallChains, true,                            \
          "Record call chains of blocked threads and lock owners (without "     \
          "them, contentions are attributed to threads and locks only)")        \
                                                                                \
  product(uint, TraceLockContentionSampling, 1,                                 \
          "Record one in N contentions, chosen at random as a thread "          \
          "blocks, with the releases and unparks that end them (their "         \
          "owners stay exact); reports scale counts and times by N. "           \
          "1: every contention")                                                \
          range(1, 1000000)                                                     \
                                                                                \
  product(bool, LockStatFrameMarking, true,                                     \
          "Mark the caller of the top frame after a call-chain walk, so that "  \
          "later walks in the same frame stop there and reuse the rest "        \
          "(off on aarch64 with -XX:UseBranchProtection=pac-ret; a "            \
          "diagnostic switch for comparing with and without)")                  \

#else // !INCLUDE_LOCKSTAT: no flags (-XX:+TraceLockContention is an unrecognized option)

#define LOCKSTAT_FLAGS(develop, develop_pd, product, product_pd, range, constraint)

#endif // INCLUDE_LOCKSTAT

DECLARE_FLAGS(LOCKSTAT_FLAGS)

#endif // SHARE_LOCKSTAT_LOCKSTAT_GLOBALS_HPP
