#!/usr/bin/env python3
"""Writes pricing-db/throughput-profiles.csv, the relative throughput of every catalog GPU for each
kind of work (docs/model.md, "Throughput profiles"), and sets gpus.csv's relative_throughput and
throughput_basis to the `training` profile. Run from the project's root after changing a source:

    python3 tools/throughput-profiles.py

Every figure is relative to the A100-SXM4-80GB. Measured training figures are recomputed from
the excerpts of Lambda's published PyTorch training benchmarks kept in tests/data/throughput/, and
Intel Gaudi 2's from the MLPerf Training runs kept there (test_bundledcatalog checks the catalog
against both); the other measured figures are the published results named beside them.
"""
import csv
import math
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data", "throughput")
REFERENCE = "A100-SXM4-80GB"
LAMBDA_REFERENCE_ROW = "A100 80GB SXM4"
LAMBDA = "Lambda deeplearning-benchmark (github.com/lambdal/deeplearning-benchmark)"

# Catalog GPU -> (excerpt file, row, the file's path and commit in Lambda's repository).
HEAD = ("lambda-pytorch-train-throughput-fp16.csv", "pytorch/pytorch-train-throughput-fp16.csv @aa5addb6", "2024-07-24")
OLD = ("lambda-pytorch-train-throughput-fp16-2022.csv", "pytorch/pytorch-train-throughput-fp16.csv @67a9bb51", "2022-07-06")
V2 = ("lambda-csv_v1_v2-pytorch-train-throughput-fp16.csv", "pytorch/csv_v1_v2/pytorch-train-throughput-fp16.csv @aa5addb6", "2025-12-10")
LAMBDA_ROWS = {
    "A100-SXM4-80GB": (HEAD, "A100 80GB SXM4"),
    "V100-SXM2-16GB": (HEAD, "LambdaCloud V100 16GB"),
    "RTX-3090": (HEAD, "RTX 3090"),
    "A10": (HEAD, "LambdaCloud A10"),
    "A100-PCIE-40GB": (HEAD, "LambdaCloud A100 40GB PCIe"),
    "A100-PCIE-80GB": (HEAD, "A100 80GB PCIe"),
    "RTX-6000-ADA": (HEAD, "RTX 6000 Ada"),
    "RTX-A6000": (HEAD, "RTX A6000"),
    "RTX-4090": (HEAD, "RTX 4090"),
    "H100-PCIE-80GB": (HEAD, "H100 80GB PCIe Gen5"),
    "H100-SXM5-80GB": (HEAD, "H100 80GB SXM5"),
    "A100-SXM4-40GB": (OLD, "A100 40GB SXM4"),
    "A40": (OLD, "RTX A40"),
    "RTX-A5000": (OLD, "RTX A5000"),
    "RTX-A4000": (OLD, "RTX A4000"),
    "RTX-3080": (OLD, "RTX 3080"),
    "QUADRO-RTX-6000": (OLD, "Quadro RTX 6000"),
    "B200": (V2, "LambdaCloud 1x B200 192GB SXM5"),
    "GH200": (V2, "LambdaCloud 1x GH200 96GB"),
}

# Measured training throughput Lambda did not cover: MLPerf Training BERT-large time to train,
# 8 GPUs against an 8 x A100-SXM4-80GB system (per GPU, linear in the GPU count).
MLPERF_BERT = {
    "A30": (0.295, "MLPerf Training v2.1 BERT-large, xFusion G5500V6 8 x A30 vs NVIDIA DGX A100 (github.com/mlcommons/training_results_v2.1 @158189d4)", "2022-11-09"),
    "L40S": (0.479, "MLPerf Training v3.1 BERT-large, xFusion G5500V7 8 x L40S vs Dell XE9680 8 x A100-SXM-80GB of v3.0 (github.com/mlcommons/training_results_v3.1 @d06288b2)", "2023-11-08"),
    "L4": (0.148, "MLPerf Training v3.0 BERT-large, xFusion 2288H V7 6 x L4 vs Dell XE9680 8 x A100-SXM-80GB, per GPU (github.com/mlcommons/training_results_v3.0 @63e326c4)", "2023-06-27"),
}

# Every run of the MLPerf Training results behind the Intel Gaudi 2 figures, copied from the result
# logs (tests/data/throughput/SOURCE.md): (round, benchmark, system) -> runs.
MLPERF_RUNS = "mlperf-training-runs.csv"
MLPERF_V30 = "github.com/mlcommons/training_results_v3.0 @63e326c4"
MLPERF_V40 = "github.com/mlcommons/training_results_v4.0 @6fe95437"
A100_BERT_SYSTEM = ("v3.0", "bert", "Dell/XE9680x8A100-SXM-80GB")
GAUDI2_BERT_SYSTEM = ("v3.0", "bert", "Intel-HabanaLabs/HLS-Gaudi2-PT")
GAUDI2_LORA_SYSTEM = ("v4.0", "llama2_70b_lora", "Intel-HabanaLabs/HLS-Gaudi2-PT")

# Measured figures of one GPU scaled by a measured ratio of a sibling when no benchmark covers
# the GPU itself: GPU -> (sibling, ratio, what the ratio is). Intel published no MLPerf Training
# result for Gaudi 3; its own throughput tables, measured with one software release (1.18.0) on
# both generations, are the one like-for-like comparison of the two.
GAUDI3_OVER_GAUDI2 = ("GAUDI2", 1.386,
                      "Gaudi 3 / Gaudi 2 = 1.386, the geometric mean of Intel's measured one-card LLM inference "
                      "throughput at the same settings with Intel Gaudi software 1.18.0 (LLaMA 2 7B, Mistral 7B, "
                      "LLaMA 3.1 8B, FP8, four input/output lengths each: 12 pairs, 1.22 to 1.69; "
                      "https://www.intel.com/content/www/us/en/developer/platform/gaudi/model-performance.html and "
                      "https://www.intel.com/content/www/us/en/developer/platform/gaudi/model-performance-gaudi2-inference.html), "
                      "not the 4.25 ratio of peak BF16 TFLOPS, which no measurement approaches")
SIBLING_RATIO = {"GAUDI3": GAUDI3_OVER_GAUDI2}

# Large-transformer training, measured: MLPerf Training time to train, chained through the
# H100 (the A100 link is BERT-large, the one same-system A100/H100 pair MLPerf has).
H100_LINK = "H100/A100 = 2.928 from MLPerf Training v3.0 BERT-large, Dell XE9680 8 x A100-SXM-80GB 15.415 min vs 8 x H100-SXM-80GB 5.264 min (github.com/mlcommons/training_results_v3.0 @63e326c4)"
LLM_MEASURED = {
    "A100-SXM4-80GB": (1.0, "the reference", "2023-06-27"),
    "H100-SXM5-80GB": (2.928, H100_LINK, "2023-06-27"),
    "H200-SXM-141GB": (3.438, "MLPerf Training v4.1 Llama 2 70B LoRA, 8 GPUs: median H100 27.485 min / median H200 23.410 min = 1.174 (github.com/mlcommons/training_results_v4.1 @b87b9e39); x " + H100_LINK, "2024-11-13"),
    "B200": (7.095, "MLPerf Training v5.0 Llama 2 70B LoRA, 8 GPUs: median H200 22.937 min / median B200 11.115 min = 2.064 (github.com/mlcommons/training_results_v5.0 @0fdc28f0); x H200/H100 1.174 (v4.1); x " + H100_LINK, "2025-06-04"),
    "MI300X": (2.795, "MLPerf Training v5.0 Llama 2 70B LoRA, 8 GPUs: median H200 22.937 min / median MI300X 28.212 min = 0.813 (github.com/mlcommons/training_results_v5.0 @0fdc28f0); x H200/H100 1.174 (v4.1); x " + H100_LINK, "2025-06-04"),
    "MI325X": (3.645, "MLPerf Training v5.0 Llama 2 70B LoRA, 8 GPUs: median H200 22.937 min / median MI325X 21.633 min = 1.060 (github.com/mlcommons/training_results_v5.0 @0fdc28f0); x H200/H100 1.174 (v4.1); x " + H100_LINK, "2025-06-04"),
    "L40S": (0.702, "MLPerf Training v4.0 Llama 2 70B LoRA, NVIDIA, 64 GPUs each, NeMo 24.04: H100 5.235 min / L40S 21.841 min = 0.240 (github.com/mlcommons/training_results_v4.0 @6fe95437); x " + H100_LINK, "2024-06-12"),
    "MI250X": (0.730, "MosaicML, \"Training LLMs with AMD MI250 GPUs and MosaicML\" (databricks.com/blog/amd-mi250): MPT 1B-13B training throughput per MI250 at 73 % of an A100-80GB (measured on the MI250, not the MI250X)", "2023-06-30"),
}

# Sibling of an estimated training figure, by architecture (the second entry is unused).
SIBLINGS = {
    "Kepler": ("V100-SXM2-16GB", REFERENCE),
    "Pascal": ("V100-SXM2-16GB", REFERENCE),
    "Volta": ("V100-SXM2-16GB", REFERENCE),
    "Turing": ("QUADRO-RTX-6000", REFERENCE),
    "Ampere": ("A10", REFERENCE),
    "Ada Lovelace": ("RTX-4090", "L40S"),
    "Hopper": ("H100-SXM5-80GB", "H100-SXM5-80GB"),
    "Blackwell": ("RTX-4090", "B200"),
    "CDNA2": (None, "MI250X"),
    "CDNA3": (None, "MI300X"),
    "CDNA4": (None, "MI325X"),
}
# Closer siblings than the architecture's where there is one.
TRAINING_SIBLING = {
    "A10G": "A10", "RTX-3060": "RTX-3080", "RTX-3090TI": "RTX-3090", "L40": "RTX-6000-ADA",
    "RTX-PRO-6000": "RTX-6000-ADA", "H100-NVL-94GB": "H100-PCIE-80GB", "H200-SXM-141GB": "H100-SXM5-80GB",
    "V100-SXM2-32GB": "V100-SXM2-16GB", "V100-PCIE-16GB": "V100-SXM2-16GB", "T4": "QUADRO-RTX-6000",
    "T4G": "QUADRO-RTX-6000", "A800-PCIE-80GB": "A100-PCIE-80GB", "RTX-A2000": "RTX-A4000", "RTX-A4500": "RTX-A5000",
    "RTX-3070": "RTX-3080", "RTX-4000-ADA": "RTX-6000-ADA", "RTX-5000-ADA": "RTX-6000-ADA",
    "RTX-2000-ADA": "RTX-6000-ADA", "RTX-5880-ADA": "RTX-6000-ADA",
    "B300": "B200", "GB200": "B200", "GB300": "B200", "MI355X": "MI325X", "RTX-PRO-6000-SERVER": "RTX-6000-ADA", "RTX-PRO-4500": "RTX-6000-ADA", "H200-NVL-141GB": "H100-SXM5-80GB",
}


def read_gpus():
    with open(os.path.join(ROOT, "pricing-db", "gpus.csv"), newline="") as f:
        reader = csv.DictReader(f)
        return reader.fieldnames, list(reader)


def per_device(g, column):
    """The catalog's TFLOPS and bandwidth are per board; a board may hold several devices (K80: 2)."""
    return float(g[column]) / max(1, int(g["gpus_per_board"]))


def lambda_ratio(excerpt, row):
    with open(os.path.join(DATA, excerpt), newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    by_name = {r[0]: r for r in body}
    ref, gpu = by_name[LAMBDA_REFERENCE_ROW], by_name[row]
    logs = []
    for i, model in enumerate(header[4:], start=4):
        a, b = float(gpu[i] or 0), float(ref[i] or 0)
        if a > 0 and b > 0:  # Lambda writes 0 for a model not run
            logs.append(math.log(a / b))
    return math.exp(sum(logs) / len(logs)), len(logs)


def mlperf_runs():
    """The runs kept in tests/data/throughput, by (round, benchmark, submitter/system)."""
    runs = {}
    with open(os.path.join(DATA, MLPERF_RUNS), newline="") as f:
        for r in csv.DictReader(f):
            key = (r["round"], r["benchmark"], r["submitter"] + "/" + r["system"])
            runs.setdefault(key, []).append(r)
    return runs


def time_to_train(runs, key):
    """MLPerf's time to train in minutes: the slowest and the fastest run dropped, the mean of the
    others (a run that did not converge counts as the slowest). Also the system's accelerator count."""
    rows = runs[key]
    minutes = sorted((int(r["run_stop_ms"]) - int(r["run_start_ms"])) / 60000 if r["status"] == "success"
                     else math.inf for r in rows)
    kept = minutes[1:-1]
    return sum(kept) / len(kept), int(rows[0]["accelerators"])


def gaudi2_figures():
    """Gaudi 2's measured training (BERT-large against the 8 x A100 system of the same round, per
    accelerator) and large-transformer figure (Llama 2 70B LoRA against the median 8 x H100 system
    of the same round, times the catalog's H100/A100 link)."""
    runs = mlperf_runs()
    a100, a100_n = time_to_train(runs, A100_BERT_SYSTEM)
    gaudi, gaudi_n = time_to_train(runs, GAUDI2_BERT_SYSTEM)
    bert = (a100 * a100_n) / (gaudi * gaudi_n)
    training = (round(bert, 3), "measured",
                f"MLPerf Training v3.0 BERT-large, Intel-HabanaLabs HLS-Gaudi2-PT 8 x Gaudi 2 {gaudi:.3f} min vs "
                f"Dell XE9680 8 x A100-SXM-80GB {a100:.3f} min ({MLPERF_V30}); runs in tests/data/throughput/{MLPERF_RUNS}",
                "2023-06-27")
    h100 = sorted(time_to_train(runs, key)[0] for key in runs
                  if key[:2] == GAUDI2_LORA_SYSTEM[:2] and key != GAUDI2_LORA_SYSTEM
                  and "H100" in runs[key][0]["accelerator"] and int(runs[key][0]["accelerators"]) == 8)
    middle = len(h100) // 2
    median = h100[middle] if len(h100) % 2 else (h100[middle - 1] + h100[middle]) / 2
    lora, _ = time_to_train(runs, GAUDI2_LORA_SYSTEM)
    ratio = median / lora
    llm = (round(ratio * LLM_MEASURED["H100-SXM5-80GB"][0], 3), "measured",
           f"MLPerf Training v4.0 Llama 2 70B LoRA, 8 accelerators: median of {len(h100)} systems of 8 x H100-SXM "
           f"{median:.3f} min / Intel-HabanaLabs HLS-Gaudi2-PT {lora:.3f} min = {ratio:.3f} ({MLPERF_V40}); x {H100_LINK}",
           "2024-06-12")
    return training, llm


def main():
    fields, gpus = read_gpus()
    by = {g["name"]: g for g in gpus}
    ref = by[REFERENCE]
    out = []

    training = {}
    for name, ((excerpt, path, date), row) in LAMBDA_ROWS.items():
        ratio, models = lambda_ratio(excerpt, row)
        training[name] = (round(ratio, 3), "measured",
                          f"{LAMBDA} {path}, row \u201c{row}\u201d: one GPU, mixed precision, geometric mean over "
                          f"{models} models against \u201c{LAMBDA_REFERENCE_ROW}\u201d", date)
    for name, (ratio, source, date) in MLPERF_BERT.items():
        training[name] = (ratio, "measured", source, date)
    gaudi2_training, gaudi2_llm = gaudi2_figures()
    training["GAUDI2"] = gaudi2_training
    for g in gpus:
        name = g["name"]
        if name in training:
            continue
        arch = g["architecture"]
        if name in SIBLING_RATIO:
            sibling, ratio, why = SIBLING_RATIO[name]
            training[name] = (round(training[sibling][0] * ratio, 3), "estimate",
                              f"estimate: the {sibling}'s measured figure ({training[sibling][0]}) x {why}", g["as_of"])
            continue
        sibling = TRAINING_SIBLING.get(name) or SIBLINGS[arch][0]
        if sibling is None:
            # No measured training figure of the vendor: the H100's, scaled by the two GPUs'
            # measured large-transformer ratio.
            value = training["H100-SXM5-80GB"][0] * LLM_MEASURED[name if name in LLM_MEASURED else "MI300X"][0] / LLM_MEASURED["H100-SXM5-80GB"][0] \
                if arch == "CDNA3" else LLM_MEASURED["MI250X"][0]
            if name == "MI325X":
                value = training["H100-SXM5-80GB"][0] * LLM_MEASURED["MI325X"][0] / LLM_MEASURED["H100-SXM5-80GB"][0]
            basis = "estimate"
            source = ("estimate: the H100-SXM5-80GB's measured training figure scaled by the measured large-transformer "
                      "ratio of the two GPUs (llm-training profile)") if arch == "CDNA3" else \
                     "estimate: the measured large-transformer figure (llm-training profile); no measured training suite covers it"
            training[name] = (round(value, 3), basis, source, g["as_of"])
            continue
        s = by[sibling]
        # Without tensor cores training runs at the FP32 rate.
        no_tensor = arch in ("Kepler", "Pascal")
        column = "fp32_tflops" if no_tensor else "fp16_tflops"
        value = training[sibling][0] * per_device(g, column) / per_device(s, column)
        kind = "FP32" if no_tensor else "FP16 tensor"
        figure = "measured figure" if training[sibling][1] == "measured" else "estimated figure"
        training[name] = (round(value, 3), "estimate",
                          f"estimate: the {sibling}'s {figure} ({training[sibling][0]}) scaled by the {kind} TFLOPS "
                          f"ratio per device {per_device(g, column):g} / {per_device(s, column):g}", g["as_of"])

    llm = dict(LLM_MEASURED)
    llm = {k: (v[0], "measured", v[1], v[2]) for k, v in llm.items()}
    llm["A100-SXM4-80GB"] = (1.0, "measured", "the reference", "2023-06-27")
    llm["GAUDI2"] = gaudi2_llm
    llm["H100-PCIE-80GB"] = (1.458, "estimate", "estimate: MLPerf Training v3.0 BERT-large (a 340M-parameter transformer, not an LLM), 8 x H100 PCIe (ASUSTeK, Supermicro, mean 10.570 min) vs Dell 8 x A100-SXM-80GB 15.415 min (github.com/mlcommons/training_results_v3.0 @63e326c4)", "2023-06-27")
    llm["GH200"] = (3.035, "estimate", "estimate: no large-transformer result; the H100-SXM5-80GB's figure x GH200/H100 = 1.036 of Lambda's one-GPU PyTorch suite (pytorch/csv_v1_v2/pytorch-train-throughput-fp16.csv @aa5addb6)", "2025-12-10")
    # Without a large-transformer result: the GPU's training figure times its architecture's
    # anchor's ratio of the two profiles (FP8 and the memory of newer GPUs gain more on large
    # transformers than on the training suite); architectures before Ada have no FP8, like the A100.
    # Gaudi 3 takes Gaudi 2's ratio: the same kind of chip with FP8, and the one Gaudi measured on both.
    anchors = {"Ada Lovelace": "L40S", "Hopper": "H100-SXM5-80GB", "Blackwell": "B200", "CDNA4": "MI325X",
               "Gaudi 3": "GAUDI2"}
    for g in gpus:
        name = g["name"]
        if name in llm:
            continue
        anchor = anchors.get(g["architecture"], REFERENCE)
        factor = llm[anchor][0] / training[anchor][0]
        value = training[name][0] * factor
        llm[name] = (round(value, 3), "estimate",
                     f"estimate: its training figure ({training[name][0]}) x the {anchor}'s large-transformer / training "
                     f"ratio {llm[anchor][0]} / {training[anchor][0]}", g["as_of"])

    for g in gpus:
        name = g["name"]
        bw = per_device(g, "bandwidth_gbs") / per_device(ref, "bandwidth_gbs")
        peak = per_device(g, "fp16_tflops") / per_device(ref, "fp16_tflops")
        rows = [
            ("training",) + training[name],
            ("llm-training",) + llm[name],
            ("inference-memory-bound", round(bw, 3), "derived",
             f"memory bandwidth per device {per_device(g, 'bandwidth_gbs'):g} GB/s / {ref['bandwidth_gbs']} GB/s (the catalog's figures)", g["as_of"]),
            ("peak", round(peak, 3), "derived",
             f"dense FP16/BF16 tensor TFLOPS per device {per_device(g, 'fp16_tflops'):g} / {ref['fp16_tflops']} (the catalog's figures)", g["as_of"]),
        ]
        for profile, value, basis, source, date in rows:
            out.append({"gpu": name, "profile": profile, "relative_throughput": f"{value:g}", "basis": basis,
                        "source": source, "as_of": date})
        g["relative_throughput"] = f"{training[name][0]:g}"
        g["throughput_basis"] = f"training profile, {training[name][1]}: {training[name][2]}"

    with open(os.path.join(ROOT, "pricing-db", "throughput-profiles.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, ["gpu", "profile", "relative_throughput", "basis", "source", "as_of"], lineterminator="\n")
        writer.writeheader()
        writer.writerows(out)
    with open(os.path.join(ROOT, "pricing-db", "gpus.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fields, lineterminator="\n")
        writer.writeheader()
        writer.writerows(gpus)


if __name__ == "__main__":
    main()
