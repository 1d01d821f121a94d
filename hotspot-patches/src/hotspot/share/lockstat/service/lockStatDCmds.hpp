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

#ifndef SHARE_LOCKSTAT_SERVICE_LOCKSTATDCMDS_HPP
#define SHARE_LOCKSTAT_SERVICE_LOCKSTATDCMDS_HPP

#include "services/diagnosticCommand.hpp"

// jcmd <pid> LockStat.*: runtime control of lock contention tracing, like JFR.*. Each command only
// parses its options and calls jdk.lockstat's Control class (jdk.lockstat.internal.recorder.Control),
// which the JMX MBean jdk.lockstat:type=LockStat uses too, and prints the text it returns.

class LockStatStartDCmd : public DCmdWithParser {
 protected:
  DCmdArgument<char*> _file;
  DCmdArgument<NanoTimeArgument> _duration;
  DCmdArgument<MemorySizeArgument> _maxsize;
  DCmdArgument<jlong> _sampling;
  DCmdArgument<char*> _profiles;
  DCmdArgument<NanoTimeArgument> _interval;
  DCmdArgument<jlong> _keep;
 public:
  static int num_arguments() { return 7; }
  LockStatStartDCmd(outputStream* output, bool heap);
  static const char* name() { return "LockStat.start"; }
  static const char* description() {
    return "Starts lock contention tracing in the running VM: into file, or with maxsize into a ring of "
           "chunks that keeps the most recent data (written to file at stop or dump); duration stops it by itself; "
           "sampling records one in N contentions; profiles writes each interval's pprof profiles into a directory "
           "instead of a trace.";
  }
  static const char* impact() { return "Low: the overhead of -XX:+TraceLockContention while it runs."; }
  virtual void execute(DCmdSource source, TRAPS);
};

class LockStatStopDCmd : public DCmdWithParser {
 public:
  static int num_arguments() { return 0; }
  LockStatStopDCmd(outputStream* output, bool heap) : DCmdWithParser(output, heap) {}
  static const char* name() { return "LockStat.stop"; }
  static const char* description() { return "Stops lock contention tracing and completes the trace file."; }
  static const char* impact() { return "Low"; }
  virtual void execute(DCmdSource source, TRAPS);
};

class LockStatDumpDCmd : public DCmdWithParser {
 protected:
  DCmdArgument<char*> _file;
 public:
  static int num_arguments() { return 1; }
  LockStatDumpDCmd(outputStream* output, bool heap);
  static const char* name() { return "LockStat.dump"; }
  static const char* description() {
    return "Writes what tracing recorded so far (with maxsize: the ring's most recent data) into a complete "
           "trace file; tracing goes on.";
  }
  static const char* impact() { return "Low to medium: copies the trace so far."; }
  virtual void execute(DCmdSource source, TRAPS);
};

class LockStatStatusDCmd : public DCmdWithParser {
 public:
  static int num_arguments() { return 0; }
  LockStatStatusDCmd(outputStream* output, bool heap) : DCmdWithParser(output, heap) {}
  static const char* name() { return "LockStat.status"; }
  static const char* description() { return "Whether lock contention tracing is on, where it writes, how much so far."; }
  static const char* impact() { return "Low"; }
  virtual void execute(DCmdSource source, TRAPS);
};

// jcmd <pid> LockStat.report: the report so far (paper 3.1/5.3, "online mode"): of the online
// analysis (-XX:TraceLockContentionReport), else of the running trace.
class LockStatReportDCmd : public DCmdWithParser {
 protected:
  DCmdArgument<char*> _by;
  DCmdArgument<jlong> _top;
  DCmdArgument<char*> _format;
  DCmdArgument<char*> _file;
 public:
  static int num_arguments() { return 4; }
  LockStatReportDCmd(outputStream* output, bool heap);
  static const char* name() { return "LockStat.report"; }
  static const char* description() {
    return "Lock contention report of the running application so far: who blocked whom, where, "
           "for how long (needs tracing on: -XX:+TraceLockContention, -XX:TraceLockContentionReport or LockStat.start).";
  }
  static const char* impact() { return "Low to medium: analyzes the trace so far."; }
  virtual void execute(DCmdSource source, TRAPS);
};

class LockStatDCmds : AllStatic {
 public:
  static void register_dcmds();
};

#endif // SHARE_LOCKSTAT_SERVICE_LOCKSTATDCMDS_HPP
