#!/bin/sh
# Reads TIMEOUT from the environment, as the harness's scripts do.
echo "SMP=$SMP TIMEOUT=${TIMEOUT:-60}"
