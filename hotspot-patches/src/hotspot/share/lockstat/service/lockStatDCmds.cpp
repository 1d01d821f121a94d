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

#include "classfile/javaClasses.hpp"
#include "classfile/symbolTable.hpp"
#include "classfile/systemDictionary.hpp"
#include "lockstat/service/lockStatDCmds.hpp"
#include "memory/resourceArea.hpp"
#include "oops/oop.inline.hpp"
#include "runtime/handles.inline.hpp"
#include "runtime/javaCalls.hpp"

// Calls a static method of jdk.lockstat.internal.recorder.Control that returns the text to print.
static void call_control(outputStream* out, const char* method, const char* signature, JavaCallArguments* args, TRAPS) {
  ResourceMark rm(THREAD);
  HandleMark hm(THREAD);
  TempNewSymbol klass_name = SymbolTable::new_symbol("jdk/lockstat/internal/recorder/Control");
  Klass* k = SystemDictionary::resolve_or_null(klass_name, THREAD);
  if (HAS_PENDING_EXCEPTION || k == nullptr) {
    CLEAR_PENDING_EXCEPTION;
    out->print_cr("LockStat: module jdk.lockstat is missing from this image");
    return;
  }
  JavaValue result(T_OBJECT);
  TempNewSymbol method_name = SymbolTable::new_symbol(method);
  TempNewSymbol sig = SymbolTable::new_symbol(signature);
  JavaCalls::call_static(&result, k, method_name, sig, args, THREAD);
  if (HAS_PENDING_EXCEPTION) {
    oop ex = PENDING_EXCEPTION;
    oop msg = java_lang_Throwable::message(ex);
    out->print_cr("LockStat: %s failed: %s%s%s", method, ex->klass()->external_name(),
                  msg != nullptr ? ": " : "", msg != nullptr ? java_lang_String::as_utf8_string(msg) : "");
    CLEAR_PENDING_EXCEPTION;
    return;
  }
  oop str = result.get_oop();
  char* text = str != nullptr ? java_lang_String::as_utf8_string(str) : nullptr;
  if (text != nullptr) {
    out->print_raw(text);   // not print_cr: reports are longer than its buffer
  }
}

static Handle string_arg(const char* value, TRAPS) {
  if (value == nullptr) {
    return Handle();
  }
  oop s = java_lang_String::create_oop_from_str(value, CHECK_NH);
  return Handle(THREAD, s);
}

LockStatStartDCmd::LockStatStartDCmd(outputStream* output, bool heap) :
  DCmdWithParser(output, heap),
  _file("file", "trace file (%p: pid, %t: start time); default lockstat-%p-%t.lct in the working directory",
        "STRING", false),
  _duration("duration", "stop by itself after this time (e.g. 60s, 10m); 0: until LockStat.stop", "NANOTIME", false, "0"),
  _maxsize("maxsize", "keep only about the most recent SIZE bytes (a ring of chunks; e.g. 100M); 0: keep all",
           "MEMORY SIZE", false, "0"),
  _sampling("sampling", "record one in N contentions, chosen at random, with only the releases and unparks that "
            "end them (1 to 1000000; reports scale counts and times by N); default: -XX:TraceLockContentionSampling",
            "INT", false, "0"),
  _profiles("profiles", "instead of a trace file, write each interval's owner- and blocked-side pprof profiles into "
            "this directory (%p, %t as for file), rotating", "STRING", false),
  _interval("interval", "with profiles: the length of an interval (at least 1s); default 60s", "NANOTIME", false, "0"),
  _keep("keep", "with profiles: how many intervals' profiles to keep; default 60", "INT", false, "0") {
  _dcmdparser.add_dcmd_option(&_file);
  _dcmdparser.add_dcmd_option(&_duration);
  _dcmdparser.add_dcmd_option(&_maxsize);
  _dcmdparser.add_dcmd_option(&_sampling);
  _dcmdparser.add_dcmd_option(&_profiles);
  _dcmdparser.add_dcmd_option(&_interval);
  _dcmdparser.add_dcmd_option(&_keep);
}

void LockStatStartDCmd::execute(DCmdSource source, TRAPS) {
  Handle file = string_arg(_file.is_set() ? _file.value() : nullptr, CHECK);
  JavaCallArguments args(12);   // two references and five longs of two slots: more than the default 8
  args.push_oop(file);
  args.push_long(_duration.value()._nanotime);
  args.push_long((jlong)_maxsize.value()._size);
  args.push_long(_sampling.value());
  Handle profiles = string_arg(_profiles.is_set() ? _profiles.value() : nullptr, CHECK);
  args.push_oop(profiles);
  args.push_long(_interval.value()._nanotime);
  args.push_long(_keep.value());
  call_control(output(), "dcmdStart", "(Ljava/lang/String;JJJLjava/lang/String;JJ)Ljava/lang/String;", &args, THREAD);
}

void LockStatStopDCmd::execute(DCmdSource source, TRAPS) {
  JavaCallArguments args;
  call_control(output(), "dcmdStop", "()Ljava/lang/String;", &args, THREAD);
}

LockStatDumpDCmd::LockStatDumpDCmd(outputStream* output, bool heap) :
  DCmdWithParser(output, heap),
  _file("file", "where to write the trace so far (%p, %t as for LockStat.start)", "STRING", true) {
  _dcmdparser.add_dcmd_option(&_file);
}

void LockStatDumpDCmd::execute(DCmdSource source, TRAPS) {
  Handle file = string_arg(_file.value(), CHECK);
  JavaCallArguments args;
  args.push_oop(file);
  call_control(output(), "dcmdDump", "(Ljava/lang/String;)Ljava/lang/String;", &args, THREAD);
}

void LockStatStatusDCmd::execute(DCmdSource source, TRAPS) {
  JavaCallArguments args;
  call_control(output(), "dcmdStatus", "()Ljava/lang/String;", &args, THREAD);
}

LockStatReportDCmd::LockStatReportDCmd(outputStream* output, bool heap) :
  DCmdWithParser(output, heap),
  _by("by", "aspects to group by, as lockstat report --by (default: report's, lock-class,owner-chain; "
          "whatif's, owner-method)", "STRING", false),
  _top("top", "children shown per node (0: all)", "INT", false, "10"),
  _format("format", "text, csv, json, pprof (the owner-side profile of lockstat export; needs file), "
          "or whatif (lockstat whatif's predictions; by: the sections' aspect, owner-method by default)",
          "STRING", false, "text"),
  _file("file", "write the report to this file instead of printing it", "STRING", false) {
  _dcmdparser.add_dcmd_option(&_by);
  _dcmdparser.add_dcmd_option(&_top);
  _dcmdparser.add_dcmd_option(&_format);
  _dcmdparser.add_dcmd_option(&_file);
}

void LockStatReportDCmd::execute(DCmdSource source, TRAPS) {
  Handle by = string_arg(_by.value() != nullptr ? _by.value() : "", CHECK);
  Handle format = string_arg(_format.value() != nullptr ? _format.value() : "text", CHECK);
  Handle file = string_arg(_file.is_set() ? _file.value() : nullptr, CHECK);
  JavaCallArguments args;
  args.push_oop(by);
  args.push_long(_top.value());
  args.push_oop(format);
  args.push_oop(file);
  call_control(output(), "dcmdReport", "(Ljava/lang/String;JLjava/lang/String;Ljava/lang/String;)Ljava/lang/String;",
               &args, THREAD);
}

void LockStatDCmds::register_dcmds() {
  uint32_t full_export = DCmd_Source_Internal | DCmd_Source_AttachAPI | DCmd_Source_MBean;
  DCmdFactory::register_DCmdFactory(new DCmdFactoryImpl<LockStatStartDCmd>(full_export, true, false));
  DCmdFactory::register_DCmdFactory(new DCmdFactoryImpl<LockStatStopDCmd>(full_export, true, false));
  DCmdFactory::register_DCmdFactory(new DCmdFactoryImpl<LockStatDumpDCmd>(full_export, true, false));
  DCmdFactory::register_DCmdFactory(new DCmdFactoryImpl<LockStatStatusDCmd>(full_export, true, false));
  DCmdFactory::register_DCmdFactory(new DCmdFactoryImpl<LockStatReportDCmd>(full_export, true, false));
}
