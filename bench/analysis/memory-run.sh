#!/usr/bin/env bash
# One run of the module's lockstat (CLASSES: a target/classes) with bin/lockstat's options and a heap maximum
# (or none): its time, peak RSS and whether it ran out of memory. Output kept in $OUT (default /tmp/mem).
# usage: memory-run.sh LABEL CLASSES XMX(or none) TRACE CMD...
label=$1 classes=$2 xmx=$3 trace=$4; shift 4
out_dir=${OUT:-/tmp/mem}; mkdir -p "$out_dir"
J=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
CP=$classes:$(ls ~/.m2/repository/org/xerial/snappy/snappy-java/*/snappy-java-*.jar | head -1)
heap=(); [ "$xmx" != none ] && heap=(-Xmx$xmx)
out=$out_dir/out-$label-$xmx-$(basename $trace .lct)-$(echo "$*" | tr ' /' '__').txt
/usr/bin/time -f "%e %M" -o $out_dir/time.txt timeout 300 $J "${heap[@]}" -XX:+UseParallelGC -XX:MaxNewSize=64m -cp $CP jdk.lockstat.internal.tool.Main "$@" $trace > $out 2>$out_dir/err.txt
rc=$?
read secs kb < <(tail -1 $out_dir/time.txt)
status=ok; [ $rc != 0 ] && status="rc=$rc $(grep -m1 -o 'out of memory' $out_dir/err.txt)"
printf "%-7s %-6s %-10s %-28s %7.1f s %6d MB %s\n" "$label" "$xmx" "$(basename $trace .lct)" "$*" "$secs" $((kb/1024)) "$status"
