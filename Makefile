# LockStat JDK. `make demo` builds the JDK and traces a demo workload; `make test` runs every test.
# The OpenJDK tree and its build output live in $(LOCKSTAT_CACHE), outside the checkout (see
# configure-build.sh); build/jdk links to the image there.
SHELL := /bin/bash
export LOCKSTAT_CACHE ?= $(HOME)/.cache/lockstat-jdk
BOOT_JDK ?= $(firstword $(wildcard /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-25*))
JOBS ?= $(shell nproc)
JDK := build/jdk
MVN := JAVA_HOME=$(BOOT_JDK) MAVEN_OPTS="--sun-misc-unsafe-memory-access=allow" mvn -B -q
JTREG_OPTS ?= -conc:2 -timeoutFactor:4
# All of the lockstat jtreg tests; one concept: JTREG_TESTS=jtreg-tests:monitor (jtreg-tests/TEST.groups)
JTREG_TESTS ?= jtreg-tests

FUZZ_INPUTS ?= 100000
FUZZ_SEED ?= $(shell date +%s)

.PHONY: jdk-fastdebug test-fastdebug test-gtest generate-events test-events jdk-aarch64 test-aarch64 jdk-aarch64-pac test-aarch64-pac test-dist-aarch64 test-openjdk-aarch64 dist-aarch64 dist test-dist jdk-without-lockstat fuzz test-openjdk test-openjdk-quick all jdk test test-module test-jtreg test-viewer viewer viewer-screenshots viewer-sample viewer-bench bench bench-quick bench-prepare bench-overhead bench-idle bench-accuracy bench-whatif bench-device demo install clean distclean
XVFB := xvfb-run -a -s "-screen 0 1600x1200x24"
VIEWER_CP := viewer-fx/target/classes:viewer-fx/target/lib/*

all: jdk

# Configures (cached, incremental) and builds the image; with nothing changed this takes seconds.
# tools/build-image.sh is the one recipe of this JDK, jdk-without-lockstat and jdk-aarch64.
jdk: test-events
	BOOT_JDK=$(BOOT_JDK) JOBS=$(JOBS) tools/build-image.sh $(JDK)
	$(JDK)/bin/java -version

# The same JDK configured with --disable-jvm-feature-lockstat (its own cache entry, a full build):
# HotSpot without any of LockStat, linked at build/jdk-without-lockstat.
jdk-without-lockstat:
	BOOT_JDK=$(BOOT_JDK) JOBS=$(JOBS) tools/build-image.sh build/jdk-without-lockstat --without-lockstat
	build/jdk-without-lockstat/bin/java -version
	@if build/jdk-without-lockstat/bin/java -XX:+TraceLockContention -version 2>/dev/null; then \
	  echo "jdk-without-lockstat: -XX:+TraceLockContention was accepted" >&2; exit 1; fi

# The same JDK with HotSpot's asserts and debug checks (--with-debug-level=fastdebug: its own cache
# entry, a full build), linked at build/jdk-fastdebug: upstream's assertions on the paths LockStat hooks
# (ObjectMonitor::exit and wait, C2's unlock, the frame code) and LockStat's own asserts run there.
jdk-fastdebug:
	BOOT_JDK=$(BOOT_JDK) JOBS=$(JOBS) tools/build-image.sh build/jdk-fastdebug --debug-level fastdebug
	build/jdk-fastdebug/bin/java -version

# The lockstat jtreg suite, OpenJDK's quick groups (plain vs traced) and the gtests on the fastdebug
# image. Not part of make test (a fastdebug VM runs several times slower; docs/development.md has the
# times): run it before resolving an issue that changes the VM. Every part runs, whichever failed.
test-fastdebug: jdk-fastdebug jdk
	@tools/install-jtreg.sh
	rm -rf build/jtreg-fastdebug
	status=0; \
	JT_JAVA=$(BOOT_JDK) tools/run-jtreg.sh build/jdk-fastdebug build/jtreg-fastdebug -compilejdk:$(JDK) \
	  -conc:2 -timeoutFactor:10 -- $(JTREG_TESTS) || status=1; \
	TEST_JDK=build/jdk-fastdebug JTREG_TIMEOUT_FACTOR=12 tools/test-openjdk.sh --quick \
	  --out build/test-openjdk-fastdebug/quick || status=1; \
	BOOT_JDK=$(BOOT_JDK) JOBS=$(JOBS) tools/run-gtest.sh --debug-level fastdebug build/test-gtest-fastdebug || status=1; \
	exit $$status

# HotSpot's gtests on the release VM: LockStat's own (hotspot-patches/test/hotspot/gtest/lockstat) and
# upstream's for the code LockStat hooks, plain and traced (tools/run-gtest.sh). The first run after a
# clone builds the gtest VM (about 12 min on 2 cores).
test-gtest: jdk
	BOOT_JDK=$(BOOT_JDK) JOBS=$(JOBS) tools/run-gtest.sh build/test-gtest || { tools/test-summary.sh; exit 1; }

# linux-aarch64, cross-built here (configure-build.sh --target aarch64: its own cache entry, Debian's
# cross compiler and arm64 multiarch libraries; the native image runs the build's tools). The image is
# build/jdk-aarch64-image; build/jdk-aarch64 runs it under qemu-user (tools/qemu-jdk.sh), for tests.
JDK_AARCH64 := build/jdk-aarch64
jdk-aarch64: jdk
	BOOT_JDK=$(BOOT_JDK) JOBS=$(JOBS) tools/build-image.sh build/jdk-aarch64-image --target aarch64 --build-jdk $(JDK)
	tools/qemu-jdk.sh build/jdk-aarch64-image $(JDK_AARCH64)
	$(JDK_AARCH64)/bin/java -version

# The same cross build with signed return addresses (configure-build.sh --branch-protection, its own
# cache entry): with -XX:UseBranchProtection=pac-ret the JIT's code signs them too. qemu-user's "max"
# CPU emulates pointer authentication (tools/qemu-jdk.sh), so signatures are checked as on hardware.
JDK_AARCH64_PAC := build/jdk-aarch64-pac
jdk-aarch64-pac: jdk
	BOOT_JDK=$(BOOT_JDK) JOBS=$(JOBS) tools/build-image.sh build/jdk-aarch64-pac-image --target aarch64 --branch-protection --build-jdk $(JDK)
	tools/qemu-jdk.sh build/jdk-aarch64-pac-image $(JDK_AARCH64_PAC) -XX:UseBranchProtection=pac-ret
	$(JDK_AARCH64_PAC)/bin/java -version

# The lockstat jtreg suite and the flag matrix on that image, every VM (the tests' child VMs too) with
# -XX:UseBranchProtection=pac-ret: return addresses signed, frame marks off, chains walked through
# signed addresses (REQUIRE_SIGNED: a run that does not sign fails). The virtual-thread tests are left
# out: virtual threads crash there without LockStat too (jtreg-tests/ProblemList-pac.txt).
test-aarch64-pac: jdk-aarch64-pac
	@tools/install-jtreg.sh
	rm -rf build/jtreg-aarch64-pac
	JT_JAVA=$(BOOT_JDK) jtreg -jdk:$(JDK_AARCH64_PAC) -compilejdk:$(JDK) -conc:1 -timeoutFactor:20 \
	  -exclude:jtreg-tests/ProblemList-pac.txt -w:build/jtreg-aarch64-pac/work -r:build/jtreg-aarch64-pac/report -v:fail,error,summary $(AARCH64_TESTS) \
	  || exit 1
	REQUIRE_SIGNED=1 tools/flag-matrix.sh $(JDK_AARCH64_PAC) 8000 $(JDK)

# The lockstat jtreg suite against the aarch64 image under qemu-user (tests compiled by the native
# JDK), a contended workload under every compiler and frame-pointer setting (tools/flag-matrix.sh),
# and the owner shares of the A-1ms/B-6ms workload against x86_64's. Not part of make test: qemu runs
# a VM about 10 times slower (docs/platforms.md has the times).
AARCH64_TESTS ?= jtreg-tests/lockstat
test-aarch64: jdk-aarch64
	@tools/install-jtreg.sh
	rm -rf build/jtreg-aarch64
	JT_JAVA=$(BOOT_JDK) jtreg -jdk:$(JDK_AARCH64) -compilejdk:$(JDK) -conc:1 -timeoutFactor:20 \
	  -w:build/jtreg-aarch64/work -r:build/jtreg-aarch64/report -v:fail,error,summary $(AARCH64_TESTS) \
	  || exit 1
	tools/flag-matrix.sh $(JDK_AARCH64) 8000 $(JDK)
	tools/compare-owners.sh $(JDK) $(JDK_AARCH64)

# OpenJDK's quick groups plain vs traced on the aarch64 image under qemu-user (hours on 2 cores:
# HOTSPOT_GROUPS / JDK_GROUPS choose a part, as for test-openjdk).
test-openjdk-aarch64: jdk-aarch64
	@tools/install-jtreg.sh
	LOCKSTAT_TARGET=aarch64 tools/test-openjdk.sh --quick

dist-aarch64: jdk-aarch64 viewer
	HOST_JDK=$(JDK) tools/make-dist.sh tar build/jdk-aarch64-image viewer-fx/target build

# The aarch64 tarball as test-dist checks the native one (traced, reported, the viewer's views
# rendered under Xvfb), its launchers under qemu-user; the arm64 GTK and GL libraries are installed.
test-dist-aarch64: dist-aarch64
	@tools/install-viewer-deps.sh --target aarch64
	tools/test-dist.sh build/lockstat-jdk-$$(sed -n 's/^JAVA_RUNTIME_VERSION="\(.*\)-lockstat"$$/\1/p' build/jdk-aarch64-image/release)-linux-aarch64.tar.gz

# One tarball with the JDK image, bin/lockstat and bin/lockstat-viewer (the viewer and its JavaFX jars
# inside), a README and the licences: build/lockstat-jdk-<version>-linux-<arch>.tar.gz.
dist: jdk viewer
	tools/make-dist.sh tar $(JDK) viewer-fx/target build

# The tarball as a user gets it: extracted into an empty directory, trace, report, viewer under Xvfb.
test-dist: dist
	@tools/install-viewer-deps.sh
	tools/test-dist.sh $$(ls -t build/lockstat-jdk-*.tar.gz | head -n 1) || { tools/test-summary.sh; exit 1; }

test: test-events test-module test-viewer test-gtest test-jtreg test-openjdk-quick test-dist
	@tools/test-summary.sh

# The trace events' one definition (jdk-lockstat-module/src/main/events/events.xml) and what is generated
# from it: the Java event types, the VM's ids and writers, and docs/trace-format.md's event table.
# generate-events writes the first two; test-events (before every JDK build and in make test) checks all
# three, and names what to run when one is stale.
# (Any JDK from 17 on runs it: the boot JDK where found, else the java on the PATH.)
EVENTGEN := $(if $(BOOT_JDK),$(BOOT_JDK)/bin/java,java) tools/eventgen/GenerateEvents.java
generate-events:
	$(EVENTGEN) .

test-events:
	@$(EVENTGEN) --check .

# The jdk.lockstat module as a plain Maven jar: format, Snappy, analysis, tool; no JDK build needed.
# Installed into the local Maven repository for the viewer, which depends on it. The export and HTML
# flame graph tests read their output with the real readers: go tool pprof and headless Chromium.
test-module:
	@tools/install-pprof.sh
	@tools/install-chromium.sh
	cd jdk-lockstat-module && $(MVN) install

# The long fuzz run: FUZZ_INPUTS mutated traces through every lockstat command, and as many
# through the viewer's open path (TraceModel and the views' queries); make test runs a short sweep.
# A new seed each run unless FUZZ_SEED is given; a failing input is kept in
# jdk-lockstat-module/target/fuzz-failures with the seed and number that regenerate it.
fuzz:
	cd jdk-lockstat-module && $(MVN) test -Dtest='TraceFuzzTest,TraceModelFuzzTest,FuzzRegressionTest' \
	  -Dsurefire.failIfNoSpecifiedTests=false -Dlockstat.fuzz.inputs=$(FUZZ_INPUTS) -Dlockstat.fuzz.seed=$(FUZZ_SEED) \
	  -Dsurefire.reportFormat=plain -DtrimStackTrace=true

# The JavaFX viewer's TestFX tests in a real window under Xvfb, on the bundled sample trace.
test-viewer: test-module
	@tools/install-viewer-deps.sh
	rm -rf viewer-fx/target/surefire-reports
	cd viewer-fx && $(XVFB) env $(MVN) package

viewer:
	cd jdk-lockstat-module && $(MVN) install -DskipTests
	cd viewer-fx && $(MVN) package -DskipTests

# PNGs of every view of the sample trace at 1280x800, for the README (docs/viewer/).
viewer-screenshots: viewer
	@tools/install-viewer-deps.sh
	$(XVFB) $(BOOT_JDK)/bin/java --enable-native-access=ALL-UNNAMED -cp "$(VIEWER_CP)" \
	  jdk.lockstat.viewer.Launcher --screenshots docs/viewer viewer-fx/sample/sample.lct

# Re-records the bundled sample trace with the LockStat JDK (SampleWorkload, about 3 s).
viewer-sample: jdk
	rm -rf build/viewer-sample && mkdir -p build/viewer-sample
	$(JDK)/bin/javac -d build/viewer-sample viewer-fx/sample/SampleWorkload.java
	$(JDK)/bin/java -XX:+TraceLockContention -XX:TraceLockContentionFile=viewer-fx/sample/sample.lct \
	  -cp build/viewer-sample SampleWorkload
	$(JDK)/bin/lockstat verify viewer-fx/sample/sample.lct

# Opening a ~1 GB uncompressed trace (bench/demo/ContentionDemo, 8 threads, 60 s: about 17 MB/s of
# trace): time to first tree, to the complete model, tree rebuilds, peak heap; default heap and -Xmx256m.
BIG_TRACE ?= build/viewer-bench/big.lct
viewer-bench: jdk viewer
	mkdir -p build/viewer-bench/classes
	@if [ ! -f $(BIG_TRACE) ]; then \
	  $(JDK)/bin/javac -d build/viewer-bench/classes bench/demo/ContentionDemo.java && \
	  $(JDK)/bin/java -XX:+TraceLockContention -XX:-TraceLockContentionCompress \
	    -XX:TraceLockContentionFile=$(BIG_TRACE) -cp build/viewer-bench/classes ContentionDemo 8 60000 && \
	  $(JDK)/bin/lockstat summary $(BIG_TRACE) | head -30; fi
	$(BOOT_JDK)/bin/java -cp "$(VIEWER_CP)" jdk.lockstat.viewer.OpenTraceBenchmark $(BIG_TRACE)
	$(BOOT_JDK)/bin/java -Xmx256m -cp "$(VIEWER_CP)" jdk.lockstat.viewer.OpenTraceBenchmark $(BIG_TRACE)

test-jtreg: jdk
	@tools/install-jtreg.sh
	rm -rf build/jtreg
	JT_JAVA=$(BOOT_JDK) tools/run-jtreg.sh $(JDK) build/jtreg $(JTREG_OPTS) -- $(JTREG_TESTS) \
	  || { tools/test-summary.sh; exit 1; }

# OpenJDK's own tests, plain and with -XX:+TraceLockContention, pass/fail lists compared
# (tools/test-openjdk.sh, exclusions in jtreg-tests/openjdk/ProblemList-lockstat.txt). The quick part
# (locking, monitors, JVMTI monitor events, the JSR-166 TCK) is in make test; the whole run is not.
test-openjdk: jdk
	@tools/install-jtreg.sh
	tools/test-openjdk.sh

test-openjdk-quick: jdk
	@tools/install-jtreg.sh
	tools/test-openjdk.sh --quick || { tools/test-summary.sh; exit 1; }

# A contended workload traced with the LockStat JDK, then its contention report: who blocked whom.
demo: jdk
	rm -rf build/demo && mkdir -p build/demo/classes
	$(JDK)/bin/javac -d build/demo/classes bench/demo/ContentionDemo.java
	$(JDK)/bin/java -XX:+TraceLockContention -XX:TraceLockContentionFile=build/demo/demo.lct \
	  -cp build/demo/classes ContentionDemo
	$(JDK)/bin/lockstat verify build/demo/demo.lct
	$(JDK)/bin/lockstat summary build/demo/demo.lct
	$(JDK)/bin/lockstat report --by lock-class,owner-method,thread build/demo/demo.lct

# Benchmarks (bench/README.md), not part of `make test`: they print ratios measured side by side.
# bench: the full run, accuracy then overhead, writing bench/RESULTS.md + results.json (with the accuracy
# tables folded in) and bench/ACCURACY.md + accuracy.json. bench-quick (under 15 minutes on 2 CPUs):
# the shorter sweep, written to build/bench-quick/ and printed. BENCH_ARGS / ACCURACY_ARGS add options.
BENCH_REAL_CP := bench/realworld/target/classes:bench/realworld/target/lib/*
BENCH_FULL_WORKLOADS := ContentionDemo,ParkDemo,xalan:6000,h2:6000,lusearch:6000,luindex:6000,tomcat:6000,pmd:9000,actors:6000
BENCH_QUICK_WORKLOADS := ContentionDemo:1500,ParkDemo:1500,xalan:3000,luindex:3000,tomcat:3000
OVERHEAD := $(BOOT_JDK)/bin/java bench/overhead/OverheadHarness.java --lockstat-jdk $(JDK) --stock-jdk $(BOOT_JDK) \
  --asprof build/bench/libasyncProfiler.so --classes build/bench/classes --realworld-cp "$(BENCH_REAL_CP)"
ACCURACY := $(BOOT_JDK)/bin/java bench/accuracy/AccuracySuite.java --lockstat-jdk $(JDK) \
  --jmh-jar bench/synthetic/target/benchmarks.jar --classes build/bench/classes

bench-prepare: jdk
	mkdir -p build/bench/classes
	$(BOOT_JDK)/bin/javac -d build/bench/classes bench/demo/*.java bench/accuracy/J9PatternsWorkload.java \
	  jtreg-tests/lib/NestedLocksWorkload.java jtreg-tests/lib/ReadersWriterWorkload.java
	$(JDK)/bin/javac -d build/bench/classes bench/overhead/IdleAfterStop.java
	JAVA_HOME=$(BOOT_JDK) tools/fetch-async-profiler.sh build/bench
	cd bench/realworld && $(MVN) package
	cd bench/synthetic && $(MVN) package

bench: bench-prepare
	$(ACCURACY) --out bench $(ACCURACY_ARGS)
	$(OVERHEAD) --workloads $(BENCH_FULL_WORKLOADS) --accuracy bench --out bench $(BENCH_ARGS)

bench-quick: bench-prepare
	$(ACCURACY) --quick true --out build/bench-quick $(ACCURACY_ARGS)
	$(OVERHEAD) --rounds 3 --workloads $(BENCH_QUICK_WORKLOADS) --accuracy build/bench-quick --out build/bench-quick $(BENCH_ARGS)

# Overhead when idle: a (LockStat JDK, tracing never on), i (tracing started and stopped at
# runtime before the workload), j (i's warm-up without tracing: i / j isolates what a stopped trace
# leaves behind) and f (stock Temurin), side by side; bench/idle/RESULTS.md.
# The demos by default (no Maven build needed); BENCH_IDLE_WORKLOADS=...,xalan:3000 after make bench-prepare.
BENCH_IDLE_WORKLOADS := ContentionDemo:2000,ParkDemo:2000
bench-idle: jdk
	mkdir -p build/bench/classes
	$(BOOT_JDK)/bin/javac -d build/bench/classes bench/demo/*.java
	$(JDK)/bin/javac -d build/bench/classes bench/overhead/IdleAfterStop.java
	$(OVERHEAD) --configs off,stopped,warmed,stock --rounds 11 --workloads $(BENCH_IDLE_WORKLOADS) --out bench/idle $(BENCH_ARGS)

# The parts alone: overhead side by side (default workloads: the demos, xalan, h2), accuracy.
bench-overhead: bench-prepare
	$(OVERHEAD) --out bench $(BENCH_ARGS)

bench-accuracy: bench-prepare
	$(ACCURACY) --out bench $(ACCURACY_ARGS)

# What-if predictions against really shortened runs (bench/whatif/RESULTS.md; about 10 minutes on 2 CPUs).
bench-whatif: jdk
	$(MVN) dependency:get -Dartifact=org.apache.logging.log4j:log4j-core:2.24.3
	STOCK_JDK=$(BOOT_JDK) JDK=$(JDK) bench/whatif/run-suite.sh 3

# The overhead harness for a machine without Java (bench/results-16cpu/README.md): build/device/bundle.tar.xz
# (under 64 MiB), run there by tools/device-bench.sh run build/device/bundle.tar.xz OUT_DIR [harness options].
bench-device: bench-prepare
	tools/device-bench.sh pack $(JDK) $(BOOT_JDK) build/device

# Installs the image, e.g. make install PREFIX=/opt/lockstat-jdk
install: jdk viewer
	@test -n "$(PREFIX)" || { echo "make install: set PREFIX, e.g. make install PREFIX=/opt/lockstat-jdk"; exit 2; }
	tools/make-dist.sh install $(JDK) viewer-fx/target "$(PREFIX)"

# Removes what the checkout built; the OpenJDK cache stays (distclean removes it too).
clean:
	rm -rf build jdk-lockstat-module/target viewer-fx/target bench/realworld/target bench/synthetic/target

distclean: clean
	rm -rf "$(LOCKSTAT_CACHE)"
