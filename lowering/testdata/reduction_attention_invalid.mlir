// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file --verify-diagnostics

// Attention dropout draws random numbers: refused, with the fix.
func.func @sdpa_dropout(%q: !torch.vtensor<[2,3,4],f32>, %k: !torch.vtensor<[2,5,4],f32>, %v: !torch.vtensor<[2,5,4],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %none = torch.constant.none
  %p = torch.constant.float 0.1
  %false = torch.constant.bool false
  // expected-error@+1 {{dropout_p = 0.1: attention dropout draws random numbers, which the compiled program cannot reproduce; export with dropout_p = 0}}
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %none, %p, %false, %none, %false : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,5,4],f32>, !torch.vtensor<[2,5,4],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// PyTorch: "Explicit attn_mask should not be set when is_causal=True".
func.func @sdpa_mask_and_causal(%q: !torch.vtensor<[2,3,4],f32>, %k: !torch.vtensor<[2,5,4],f32>, %v: !torch.vtensor<[2,5,4],f32>, %m: !torch.vtensor<[3,5],i1>) -> !torch.vtensor<[2,3,4],f32> {
  %none = torch.constant.none
  %p = torch.constant.float 0.0
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  // expected-error@+1 {{'attn_mask' should not be set when is_causal is true}}
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %m, %p, %true, %none, %false : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,5,4],f32>, !torch.vtensor<[2,5,4],f32>, !torch.vtensor<[3,5],i1>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// Grouped-query attention needs the query's heads to be a multiple of the
// key's.
func.func @sdpa_gqa_indivisible(%q: !torch.vtensor<[1,3,3,8],f32>, %k: !torch.vtensor<[1,2,5,8],f32>, %v: !torch.vtensor<[1,2,5,8],f32>) -> !torch.vtensor<[1,3,3,8],f32> {
  %none = torch.constant.none
  %p = torch.constant.float 0.0
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  // expected-error@+1 {{grouped-query attention needs the query's heads (3) to be a multiple of the key's (2), and the value's (2) to equal the key's}}
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %none, %p, %false, %none, %true : !torch.vtensor<[1,3,3,8],f32>, !torch.vtensor<[1,2,5,8],f32>, !torch.vtensor<[1,2,5,8],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,3,3,8],f32>
  return %0 : !torch.vtensor<[1,3,3,8],f32>
}

// -----

// Without enable_gqa, fewer key heads are a shape error, as in PyTorch.
func.func @sdpa_heads_without_gqa(%q: !torch.vtensor<[1,4,3,8],f32>, %k: !torch.vtensor<[1,2,5,8],f32>, %v: !torch.vtensor<[1,2,5,8],f32>) -> !torch.vtensor<[1,4,3,8],f32> {
  %none = torch.constant.none
  %p = torch.constant.float 0.0
  %false = torch.constant.bool false
  // expected-error@+1 {{'query' [1 4 3 8], 'key' [1 2 5 8] and 'value' [1 2 5 8] must have the same batch dims}}
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %none, %p, %false, %none, %false : !torch.vtensor<[1,4,3,8],f32>, !torch.vtensor<[1,2,5,8],f32>, !torch.vtensor<[1,2,5,8],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,4,3,8],f32>
  return %0 : !torch.vtensor<[1,4,3,8],f32>
}

// -----

// A float mask must be f32 or have the query's dtype.
func.func @sdpa_mask_dtype(%q: !torch.vtensor<[2,3,4],f16>, %k: !torch.vtensor<[2,5,4],f16>, %v: !torch.vtensor<[2,5,4],f16>, %m: !torch.vtensor<[3,5],bf16>) -> !torch.vtensor<[2,3,4],f16> {
  %none = torch.constant.none
  %p = torch.constant.float 0.0
  %false = torch.constant.bool false
  // expected-error@+1 {{'attn_mask' has dtype bf16; it must be bool, f32 or the query's dtype f16}}
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %m, %p, %false, %none, %false : !torch.vtensor<[2,3,4],f16>, !torch.vtensor<[2,5,4],f16>, !torch.vtensor<[2,5,4],f16>, !torch.vtensor<[3,5],bf16>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,3,4],f16>
  return %0 : !torch.vtensor<[2,3,4],f16>
}

// -----

func.func @sdpa_mask_shape(%q: !torch.vtensor<[2,3,4],f32>, %k: !torch.vtensor<[2,5,4],f32>, %v: !torch.vtensor<[2,5,4],f32>, %m: !torch.vtensor<[3,4],i1>) -> !torch.vtensor<[2,3,4],f32> {
  %none = torch.constant.none
  %p = torch.constant.float 0.0
  %false = torch.constant.bool false
  // expected-error@+1 {{'attn_mask' of shape [3 4] cannot be broadcast to [2 3 5]}}
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %m, %p, %false, %none, %false : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,5,4],f32>, !torch.vtensor<[2,5,4],f32>, !torch.vtensor<[3,4],i1>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// The CPU flash ops take 4-D [N, H, L, E] tensors only.
func.func @flash_3d(%q: !torch.vtensor<[2,3,4],f32>, %k: !torch.vtensor<[2,5,4],f32>, %v: !torch.vtensor<[2,5,4],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3],f32>) {
  %p = torch.constant.float 0.0
  %false = torch.constant.bool false
  %none = torch.constant.none
  // expected-error@+1 {{'query' [2 3 4]: q, k and v must be 4-D [N, H, L, E] tensors}}
  %0:2 = torch.aten._scaled_dot_product_flash_attention_for_cpu %q, %k, %v, %p, %false, %none, %none : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,5,4],f32>, !torch.vtensor<[2,5,4],f32>, !torch.float, !torch.bool, !torch.none, !torch.none -> !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3],f32>
  return %0#0, %0#1 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3],f32>
}

// -----

func.func @flash_head_size(%q: !torch.vtensor<[1,2,3,4],f32>, %k: !torch.vtensor<[1,2,5,4],f32>, %v: !torch.vtensor<[1,2,5,6],f32>) -> (!torch.vtensor<[1,2,3,6],f32>, !torch.vtensor<[1,2,3],f32>) {
  %p = torch.constant.float 0.0
  %false = torch.constant.bool false
  %none = torch.constant.none
  // expected-error@+1 {{q, k, v should have the same head size (got 'query' [1 2 3 4], 'value' [1 2 5 6])}}
  %0:2 = torch.aten._scaled_dot_product_flash_attention_for_cpu %q, %k, %v, %p, %false, %none, %none : !torch.vtensor<[1,2,3,4],f32>, !torch.vtensor<[1,2,5,4],f32>, !torch.vtensor<[1,2,5,6],f32>, !torch.float, !torch.bool, !torch.none, !torch.none -> !torch.vtensor<[1,2,3,6],f32>, !torch.vtensor<[1,2,3],f32>
  return %0#0, %0#1 : !torch.vtensor<[1,2,3,6],f32>, !torch.vtensor<[1,2,3],f32>
}

// -----

func.func @flash_backward_grad_shape(%dout: !torch.vtensor<[1,2,3,5],f32>, %q: !torch.vtensor<[1,2,3,4],f32>, %k: !torch.vtensor<[1,2,5,4],f32>, %v: !torch.vtensor<[1,2,5,4],f32>, %out: !torch.vtensor<[1,2,3,4],f32>, %lse: !torch.vtensor<[1,2,3],f32>) -> !torch.vtensor<[1,2,3,4],f32> {
  %p = torch.constant.float 0.0
  %false = torch.constant.bool false
  %none = torch.constant.none
  // expected-error@+1 {{'grad_out' [1 2 3 5] must have the output's shape [1 2 3 4]}}
  %0:3 = torch.aten._scaled_dot_product_flash_attention_for_cpu_backward %dout, %q, %k, %v, %out, %lse, %p, %false, %none, %none : !torch.vtensor<[1,2,3,5],f32>, !torch.vtensor<[1,2,3,4],f32>, !torch.vtensor<[1,2,5,4],f32>, !torch.vtensor<[1,2,5,4],f32>, !torch.vtensor<[1,2,3,4],f32>, !torch.vtensor<[1,2,3],f32>, !torch.float, !torch.bool, !torch.none, !torch.none -> !torch.vtensor<[1,2,3,4],f32>, !torch.vtensor<[1,2,5,4],f32>, !torch.vtensor<[1,2,5,4],f32>
  return %0#0 : !torch.vtensor<[1,2,3,4],f32>
}
