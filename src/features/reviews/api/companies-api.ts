import type {
  CompanyClaimForm,
  CompanyReview,
  CompanyReviewPage,
  MyCompany,
  MyCompanyList,
} from '../../../../server/src/contract/reviews.js';
import type { Http } from '../../../lib/http';
import { REVIEWS_API } from './reviews-api';

export type { CompanyClaimForm, CompanyReview, CompanyReviewPage, MyCompany, MyCompanyList };

/**
 * The companies the account manages or claims (docs/api.md, Reviews): the list, a claim (multipart, one
 * proof file), an approved company's published reviews and the company's reply to one.
 */
export function companiesApi(http: Http, base = REVIEWS_API) {
  const companies = `${base}/companies/`;
  const reviews = (id: string) => `${companies}${encodeURIComponent(id)}/reviews/`;
  return {
    list: () => http.get<MyCompanyList>(companies),
    /** The multipart form; the server checks the proof by its first bytes, whatever the browser said. */
    claim(form: CompanyClaimForm, proof: File) {
      const body = new FormData();
      body.append('name', form.name);
      body.append('taxpayer_number', form.taxpayer_number);
      if (form.category) body.append('category', form.category);
      body.append('proof', proof, proof.name);
      return http.post<MyCompany>(`${companies}claims/`, body);
    },
    reviews: (id: string, page: number, pageSize: number) =>
      http.get<CompanyReviewPage>(reviews(id), { params: { page: String(page), page_size: String(pageSize) } }),
    reply: (id: string, review: string, text: string) =>
      http.post<CompanyReview>(`${reviews(id)}${encodeURIComponent(review)}/reply/`, { text }),
  };
}

export type CompaniesApi = ReturnType<typeof companiesApi>;
