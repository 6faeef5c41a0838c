// SPDX-License-Identifier: Apache-2.0
#pragma once
// The model-management shapes of the servers: the model list of GET /v1/models, the body of a
// dynamic LoRA load or unload (vLLM's /v1/load_lora_adapter, SGLang's /load_lora_adapter) and
// SGLang's answer to one (docs/servesim.md, Adapters). Plain C++.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lorascope {

/// One entry of a model list: the base model (parent empty) or a LoRA adapter.
struct ModelCard {
    std::string id;
    std::string root; ///< base: the model path; adapter: its lora_path
    std::string parent; ///< adapter: the base model's id; empty for the base model
};

/// GET /v1/models as vLLM answers (ModelList of ModelCards: object "model", created, owned_by,
/// root, parent, max_model_len for the base model, a permission list): `ownedBy` "vllm" or
/// "sglang"; `created` Unix seconds.
std::string modelListBody(
    const std::vector<ModelCard>& cards, const std::string& ownedBy, std::int64_t maxModelLen, std::int64_t created);

/// The body of a LoRA load or unload request: {"lora_name", "lora_path", "load_inplace" (vLLM),
/// "pinned" (SGLang)}. `error` (and `field`) say what is wrong with it; unknown fields are ignored,
/// as both servers do.
struct LoraUpdateRequest {
    std::string name, path;
    bool loadInplace = false;
    bool pinned = false;
    std::string error; ///< empty = well formed
    std::string field; ///< the field at fault
};
LoraUpdateRequest parseLoraUpdate(std::string_view body);

/// SGLang's answer to a load or unload (LoRAUpdateOutput): {"success", "error_message",
/// "loaded_adapters": {name: path, ...}}.
std::string sglangLoraUpdateBody(
    bool success, const std::string& errorMessage, const std::vector<std::pair<std::string, std::string>>& loaded);

/// Python's repr of an OrderedDict's keys, as SGLang's messages print the loaded adapters:
/// odict_keys(['a', 'b']).
std::string pythonOdictKeys(const std::vector<std::string>& names);

} // namespace lorascope
