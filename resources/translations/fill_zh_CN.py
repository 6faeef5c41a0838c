#!/usr/bin/env python3
"""Fills resources/translations/lorascope_zh_CN.ts with the Simplified Chinese strings below.
Run after `lupdate ui app/gui -ts resources/translations/lorascope_zh_CN.ts`; strings without an
entry here stay unfinished (shown in English). Terms of the field (TTFT, E2E, KV, S-LoRA limit
names, α, cv) are kept as they are written in papers and server flags."""
import sys
import xml.etree.ElementTree as ET

ZH = {
    "&File": "文件(&F)", "&Edit": "编辑(&E)", "&View": "视图(&V)", "&Help": "帮助(&H)",
    "&New": "新建(&N)", "&Open Session…": "打开会话(&O)…", "Open &Recent": "最近打开(&R)",
    "&Save Session": "保存会话(&S)", "Save Session &As…": "会话另存为(&A)…", "&Import Trace…": "导入轨迹(&I)…",
    "&Export Trace…": "导出轨迹(&E)…", "Export &Chart…": "导出图表(&C)…", "&Quit": "退出(&Q)",
    "&Undo": "撤销(&U)", "&Redo": "重做(&R)", "&Cancel Generation": "取消生成(&C)",
    "&Language (after restart)": "语言（重启后生效）(&L)", "System default": "跟随系统",
    "&About LoraScope": "关于 LoraScope(&A)", "About LoraScope": "关于 LoraScope",
    "&Workload": "工作负载(&W)", "&Admission preview": "准入预览(&A)", "&Replay": "回放(&R)",
    "Workload": "工作负载", "Popularity": "适配器热度", "Arrivals": "到达过程",
    "Input length (prompt tokens)": "输入长度（提示词 token）", "Output length (generated tokens)": "输出长度（生成 token）",
    "Preset": "预设", "Generator": "生成器", "Adapters n": "适配器数 n", "Rate R": "速率 R", "Duration T": "时长 T",
    "Seed": "随机种子", "Kind": "类型", "Skew α": "偏斜 α", "Zipf s": "Zipf s", "Weights": "权重",
    "Burstiness cv": "突发度 cv", "On rate": "开启速率", "Off rate": "关闭速率", "Mean on": "平均开启时长",
    "Mean off": "平均关闭时长", "Schedule": "速率计划", "Distribution": "分布", "Min (lo)": "最小值 (lo)",
    "Max (hi, exclusive)": "最大值 (hi，不含)", "Tail β": "尾部 β", "μ (of ln x)": "μ（ln x 的均值）",
    "σ (of ln x)": "σ（ln x 的标准差）", "Mean": "均值", "Std dev": "标准差", "Value": "取值",
    "tokens": "token", "req/s": "请求/秒", "s": "秒", "steps": "步",
    "Adapter popularity": "适配器热度", "Inter-arrival gaps": "到达间隔", "Request rate over time": "请求速率随时间变化",
    "Input length (mean %1, p99 %2)": "输入长度（均值 %1，p99 %2）", "Output length (mean %1, p99 %2)": "输出长度（均值 %1，p99 %2）",
    "observed": "观测值", "expected (model)": "期望值（模型）", "model": "模型", "model rate": "模型速率", "model: ": "模型：",
    "adapter rank (by expected share)": "适配器排名（按期望份额）", "adapter rank (by observed count)": "适配器排名（按观测次数）",
    "requests": "请求数", "gap (s, log bins)": "间隔（秒，对数分箱）", "gaps per bin": "每箱间隔数",
    "requests per bin": "每箱请求数", "time (s)": "时间（秒）", "requests/s": "请求/秒", "log–log": "双对数",
    "Back to the generator": "返回生成器", "Generating…": "正在生成…", "n/a": "无",
    "Workload designer": "工作负载设计器", "Formula": "公式", "Right now": "当前效果",
    "Total rate R": "总速率 R", "Input length": "输入长度", "Output length": "输出长度",
    "Server limits (S-LoRA defaults)": "服务器限制（S-LoRA 默认值）", "Policy and time": "策略与时间",
    "Policy": "策略", "Clock": "时钟", "Cost model": "代价模型", "vLLM policy": "vLLM 策略",
    "steps (1 tick per forward pass)": "步进（每次前向计算 1 个时钟）", "cost model (seconds)": "代价模型（秒）",
    "Running requests and queue": "运行中请求与队列", "KV tokens: need vs capacity": "KV token：需求与容量",
    "Latency distributions": "延迟分布", "running": "运行中", "queue": "队列", "need": "需求", "used": "已用",
    "capacity %1": "容量 %1", "requests (max per bin)": "请求数（每箱最大值）", "token slots (max per bin)": "token 槽位（每箱最大值）",
    "time (%1)": "时间（%1）", "queue wait": "排队等待", "Request Gantt": "请求甘特图", "Requests": "请求",
    "Step through": "逐步执行", "Filter:": "筛选：", "All columns": "所有列", "Request": "请求", "Adapter": "适配器",
    "Input": "输入", "Output": "输出", "Arrival": "到达", "Admitted": "准入", "First token": "首个 token",
    "Finished": "完成", "Queue wait": "排队等待", "Status": "状态", "Why it waited": "等待原因",
    " (s)": "（秒）", " (steps)": "（步）", "(base)": "（基础模型）", "base": "基础模型", "base model": "基础模型",
    "◀ Previous pass": "◀ 上一次计算", "Next pass ▶": "下一次计算 ▶", "Next admission ▶▶": "下一次准入 ▶▶",
    "Restart": "重新开始", "The trace is done.": "轨迹已运行完毕。", "request": "请求", "adapter (rank)": "适配器（秩）",
    "input": "输入", "output": "输出", "limit": "上限", "Σ input": "Σ 输入", "verdict": "结论", "admitted": "已准入",
    "stops the scan: %1": "扫描在此停止：%1", "empty": "空", "… %1 more": "… 另有 %1 个",
    "Import Trace": "导入轨迹", "Export Trace": "导出轨迹", "Export Chart": "导出图表", "Chart:": "图表：",
    "Open Session": "打开会话", "Save Session": "保存会话", "Unsaved changes": "未保存的更改", "Untitled": "未命名",
    "Saved %1": "已保存 %1", "Exported %1 requests to %2": "已导出 %1 个请求到 %2", "There is no trace yet.": "尚无轨迹。",
    "Cancel": "取消", "Stop the running generation (Esc)": "停止正在进行的生成（Esc）", "Change %1": "修改 %1",
    "Export Chart as PNG or SVG…": "将图表导出为 PNG 或 SVG…", "PNG image (*.png);;SVG image (*.svg)": "PNG 图像 (*.png);;SVG 图像 (*.svg)",
    "All trace files (%1)": "所有轨迹文件 (%1)", "Nothing to export.": "没有可导出的内容。",
    "Unknown chart \"%1\".": "未知图表“%1”。", "Could not encode the PNG image.": "无法编码 PNG 图像。",
    "Cannot write %1: %2": "无法写入 %1：%2", "Exported from LoraScope": "由 LoraScope 导出",
    "<b>Not generated — fix:</b><br>": "<b>未生成——请修正：</b><br>",
    "≈ %1 requests expected.": "期望约 %1 个请求。", "seed = %1.": "种子 = %1。",
    "preset %1, base model %2.": "预设 %1，基础模型 %2。", "pᵢ = 1/n.": "pᵢ = 1/n。", "pᵢ = wᵢ / Σw.": "pᵢ = wᵢ / Σw。",
    "every request uses adapter 0.": "所有请求都使用适配器 0。", "always the same value.": "始终为同一个值。",
    "the histogram of an imported trace.": "导入轨迹的直方图。", "model mean %1 tokens on [%2, %3)": "模型均值 %1 token，范围 [%2, %3)",
    "Length of the trace in seconds.": "轨迹长度（秒）。", "Total rate while the source is on.": "源开启时的总速率。",
    "Total rate while the source is off.": "源关闭时的总速率。", "per-adapter: arrivals after T are cut.": "per-adapter：T 之后的到达被截断。",
    "Smallest %1 length (inclusive).": "最小%1长度（含）。", "Constant length (must lie in [lo, hi)).": "固定长度（必须位于 [lo, hi) 内）。",
    "time:rate, time:rate, …": "时间:速率, 时间:速率, …", "vLLM: max sequences in a batch (256).": "vLLM：一个批次中的最大序列数（256）。",
    "R = %1": "R = %1", "n = %1": "n = %1", ", α = %1": "，α = %1", ", s = %1": "，s = %1",
    " Fitted α of this trace: %1 ± %2.": " 本轨迹拟合的 α：%1 ± %2。",
    "; this trace has %1 (achieved %2 req/s).": "；本轨迹有 %1 个（实际 %2 请求/秒）。",
    "; this trace: gap cv %1": "；本轨迹：间隔 cv %1", "; this trace's overall gap cv is %1": "；本轨迹整体间隔 cv 为 %1",
    "<p><b>Finished</b>: %1</p>": "<p><b>完成</b>：%1</p>", "<p><b>Queue head</b>: %1</p>": "<p><b>队首</b>：%1</p>",
    "Pass %1: %2, t = %3 → %4 %5": "第 %1 次计算：%2，t = %3 → %4 %5",
    "Adapter memory": "适配器内存",
    "Show the popularity chart on log–log axes (power laws become straight lines).": "以双对数坐标显示热度图（幂律变为直线）。",
    "Arrivals per adapter (hottest %1 adapters)": "各适配器的到达（最热门的 %1 个适配器）",
    "%1 requests · achieved %2 req/s · gap cv %3 · fitted α %4 · over limits %5 (input > %6: %7, total > %8: %9)":
        "%1 个请求 · 实际 %2 请求/秒 · 间隔 cv %3 · 拟合 α %4 · 超出限制 %5（输入 > %6：%7，总长 > %8：%9）",
    "Move the focus to a parameter (or hover it) to see what it means, its formula and its effect right now.":
        "将焦点移到某个参数上（或悬停），即可查看它的含义、公式以及当前的效果。",
    "How the total rate R is shared among the adapters. Skew decides how many adapters are active at once, and so how much adapter memory and loading the server needs.":
        "总速率 R 如何分配给各个适配器。偏斜决定同时活跃的适配器数量，从而决定服务器需要多少适配器内存和加载。",
    "Adapter popularity ": "适配器热度",
    "The session has unsaved changes. Save them?": "会话有未保存的更改。是否保存？",
    "Requests %1–%2: queue wait (grey), prefill (light), decode (colour by adapter); hover for the wait reason":
        "请求 %1–%2：排队等待（灰）、预填充（浅色）、解码（按适配器着色）；悬停查看等待原因",
}

def main(path):
    tree = ET.parse(path)
    root = tree.getroot()
    root.set("language", "zh_CN")
    done = 0
    for msg in root.iter("message"):
        src = msg.find("source").text or ""
        tr = msg.find("translation")
        if src in ZH:
            tr.text = ZH[src]
            tr.attrib.pop("type", None)
            done += 1
    tree.write(path, encoding="utf-8", xml_declaration=True)
    print(f"translated {done} messages")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "resources/translations/lorascope_zh_CN.ts")
