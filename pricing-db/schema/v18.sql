-- Schema 18: the GPU catalog's dense FP8 and FP4 tensor TFLOPS per board (gpus.csv's fp8_tflops and
-- fp4_tflops; docs/model.md, "Serving throughput"), which size a serving workload at those
-- precisions. 0: the GPU has no such units, and serves FP8 or INT4 weights at its FP16 rate.
-- The upgrade step fills them in for the GPUs of the bundled catalog a document has.
ALTER TABLE gpu_models ADD COLUMN fp8_tflops REAL NOT NULL DEFAULT 0 CHECK (fp8_tflops >= 0);
ALTER TABLE gpu_models ADD COLUMN fp4_tflops REAL NOT NULL DEFAULT 0 CHECK (fp4_tflops >= 0);
