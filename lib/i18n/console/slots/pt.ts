// Textos do console para os espaços de conteúdo adicionados numa posição com nome, movidos, retirados
// e mostrados de novo, e os campos e recusas dos seus formulários.
import type { slotsEn } from "./en.ts";

export const slotsPt: Record<keyof typeof slotsEn, string> = {
  "slots.new": "Novo espaço de conteúdo",
  "slots.newHint":
    "Um espaço aparece numa posição com nome de uma página, um espaço ativo por posição. Os seus textos em cada idioma são o que todo visitante vê; um público, opcional, vê antes o seu próprio título e corpo.",
  "slots.code": "Código (letras, dígitos, hífens)",
  "slots.description": "O que é (para o console)",
  "slots.position": "Posição",
  "slots.noPosition": "sem posição (só a API de personalização)",
  "slots.textsIn": "Textos em {language}",
  "slots.audience": "Um público (opcional)",
  "slots.audienceName": "Nome do público",
  "slots.audienceTitle": "Título para o público",
  "slots.audienceBody": "Corpo para o público (HTML)",
  "slots.add": "Adicionar o espaço",
  "slots.shown": "Visível",
  "slots.retired": "Retirado",
  "slots.shownAt": "Posição: {position} ({path})",
  "slots.retire": "Retirar o espaço",
  "slots.reinstate": "Mostrar o espaço de novo",
  "slots.retireHint":
    "Um espaço retirado sai da sua página na hora (uma página guardada no cache compartilhado, no seu segundo); as suas versões ficam.",
  "slots.savePlace": "Salvar posição e descrição",
  "ops.texts.done.slotAdded": "Espaço adicionado e publicado.",
  "ops.texts.done.slotRetired": "Espaço retirado: a sua página já não o mostra.",
  "ops.texts.done.slotReinstated": "Espaço de volta: a sua página o mostra de novo.",
  "ops.texts.done.slotMoved": "Posição e descrição salvas.",
  "slots.issue.atPosition": "O espaço {slot} aparece nessa posição: retire-o ou mova-o primeiro.",
  "slots.issue.alreadyRetired": "O espaço {slot} já está retirado.",
  "slots.issue.alreadyActive": "O espaço {slot} já aparece.",
  "records.field.position": "Posição",
  "records.field.eyebrow": "Sobretítulo",
  "records.field.body": "Corpo",
  "records.field.cta": "Botão",
  "records.field.ctaHref": "Link do botão",
  "records.field.audienceName": "Nome do público",
  "records.field.audienceTitle": "Título para o público",
  "records.problem.cta_both": "dê o texto do botão e o seu link, ou nenhum",
  "records.problem.link": "um caminho deste site ou um endereço https",
};
